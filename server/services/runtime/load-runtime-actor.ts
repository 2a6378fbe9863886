// The person a runtime request acts for: they must be a person (not a system principal such as the
// installer), belong to the token's organisation and be active; otherwise 403, the same answer
// for each, so the refusal tells nothing about who exists. Their scopes come from the one
// resolver, as for a signed-in person. One statement, on the driver's pool when the request has it:
// a runtime resolves its person on every turn.
import { loadActorViewer } from '../../auth/viewer';
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
  /** The organisation's per-turn limit and longest fact. */
  maxMemories: number;
  maxFactChars: number;
}

export async function loadRuntimeActor({ ctx, input }: ServiceCall<LoadRuntimeActorInput, PrismaClient>): Promise<RuntimeActor> {
  const viewer = input.tokenTenantRef
    ? await loadActorViewer(ctx.db, { tenantRef: input.tokenTenantRef, actorRef: input.actorRef }, ctx.sql)
    : null;
  if (!viewer) {
    throw new DomainError('FORBIDDEN', `actorRef ${input.actorRef} is not an active person of this API token’s organisation.`, {
      reason: 'ACTOR_OUTSIDE_TENANT',
    });
  }
  const { ref: tenantRef, maxMemories, maxFactChars } = viewer.tenant;
  return { actorRef: viewer.actorRef, tenantRef, scopes: viewer.scopes, maxMemories, maxFactChars };
}
