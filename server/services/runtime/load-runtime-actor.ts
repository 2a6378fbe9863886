// The person a runtime request acts for: they must be a person (not a system principal such as the
// installer), belong to the token's organisation and be active; otherwise 403, the same answer
// for each, so the refusal tells nothing about who exists. Their scopes come from the one
// resolver, as for a signed-in person.
import { loadViewer } from '../../auth/viewer';
import type { PrismaClient } from '../../db/generated/client';
import { DomainError } from '../../errors/domain-error';
import type { ServiceCall } from '../context';

export interface LoadRuntimeActorInput {
  tokenTenantRef: string | null;
  actorRef: string;
}

export interface RuntimeActor {
  actorRef: string;
  tenantRef: string;
  scopes: string[];
}

export async function loadRuntimeActor({ ctx, input }: ServiceCall<LoadRuntimeActorInput, PrismaClient>): Promise<RuntimeActor> {
  const user = input.tokenTenantRef
    ? await ctx.db.user.findFirst({
        where: { actorRef: input.actorRef, tenantRef: input.tokenTenantRef, system: false },
        select: { id: true },
      })
    : null;
  const viewer = user ? await loadViewer(ctx.db, user.id) : null;
  if (!viewer) {
    throw new DomainError('FORBIDDEN', `actorRef ${input.actorRef} is not an active person of this API token’s organisation.`, {
      reason: 'ACTOR_OUTSIDE_TENANT',
    });
  }
  return { actorRef: viewer.actorRef, tenantRef: viewer.tenant.ref, scopes: viewer.scopes };
}
