// POST /api/runtime/facts/<action> (docs/runtime-api.md "Publishing facts"): a deployment's own
// scripts publish, edit, pin, unpin and delete facts with a facts:write token, through the Facts
// page's own services (save-fact.ts, set-fact-pinned.ts, delete-fact.ts) acting for the token's
// creator, so the version checks, the pin budget and the audit rows are theirs. What this adds is
// the token's reach: only its organisation's scope and that organisation's groups, never a person's
// scope or `global`, whatever the creator's grants (decideRuntimeFactScope); the audit row names
// the token besides its creator.
import { decideRuntimeFactScope, GLOBAL_SCOPE } from '../../domain';
import type { AgentMemory, PrismaClient } from '../../db/generated/client';
import { DomainError, notFound } from '../../errors/domain-error';
import { isIdOf } from '../../ids';
import type { ServiceCall } from '../context';
import { deleteFact } from '../facts/delete-fact';
import { saveFact } from '../facts/save-fact';
import { setFactPinned } from '../facts/set-fact-pinned';
import { tenantsOfScopes } from '../scopes/tenants-of-scopes';
import type { AuthenticatedToken } from '../tokens/authenticate-api-token';
import { loadTokenCreator, type TokenCreator } from './load-token-creator';

type Expiry = { expiresAt?: string };

export type ChangeRuntimeFactInput = { token: AuthenticatedToken } & (
  | ({
      action: 'publish';
      scope: string;
      key: string;
      text: string;
      pinned?: boolean;
      expectedVersion?: number;
      confirmOmissions?: number;
    } & Expiry)
  | ({ action: 'edit'; id: string; text: string; expectedVersion: number } & Expiry)
  | { action: 'pin'; id: string; expectedVersion: number; confirmOmissions?: number }
  | { action: 'unpin' | 'delete'; id: string; expectedVersion: number }
);

function expiryOf(input: Expiry) {
  return input.expiresAt === undefined ? undefined : { expiresAt: new Date(input.expiresAt) };
}

/** The fact an id names, when it is one this token may change: another organisation's answers like a missing one. */
async function factInReach(ctx: ServiceCall<unknown, PrismaClient>['ctx'], creator: TokenCreator, id: string) {
  const fact: Pick<AgentMemory, 'id' | 'scope' | 'key' | 'tenantRef'> | null = isIdOf('mem', id)
    ? await ctx.db.agentMemory.findUnique({ where: { id }, select: { id: true, scope: true, key: true, tenantRef: true } })
    : null;
  if (!fact || (fact.scope !== GLOBAL_SCOPE && fact.tenantRef !== creator.tenantRef)) throw notFound('That fact');
  const verdict = decideRuntimeFactScope({
    field: 'id',
    scope: fact.scope,
    scopeTenantRef: fact.tenantRef,
    tokenTenantRef: creator.tenantRef,
  });
  if (!verdict.ok) throw new DomainError('FORBIDDEN', verdict.message, { reason: 'SCOPE_OUTSIDE_TENANT' });
  return fact;
}

/** The fact as stored after the change; null after a delete. */
export async function changeRuntimeFact({ ctx, input }: ServiceCall<ChangeRuntimeFactInput, PrismaClient>): Promise<AgentMemory | null> {
  const creator = await loadTokenCreator({ ctx, input: { token: input.token } });
  const viewer = creator;
  const tokenId = input.token.id;
  if (input.action === 'publish') {
    const owners = await tenantsOfScopes({ ctx, input: { scopes: [input.scope] } });
    const verdict = decideRuntimeFactScope({
      field: 'scope',
      scope: input.scope,
      scopeTenantRef: owners.get(input.scope) ?? null,
      tokenTenantRef: creator.tenantRef,
    });
    if (!verdict.ok && verdict.status === 'invalid') {
      throw new DomainError('INVALID', verdict.message, { fieldErrors: [{ field: 'scope', message: verdict.message }] });
    }
    if (!verdict.ok) throw new DomainError('FORBIDDEN', verdict.message, { reason: 'SCOPE_OUTSIDE_TENANT' });
    const { scope, key, text, pinned, expectedVersion, confirmOmissions } = input;
    return saveFact({
      ctx,
      input: { viewer, scope, key, text, pinned, expectedVersion, confirmOmissions, expiry: expiryOf(input), tokenId },
    });
  }
  const fact = await factInReach(ctx, creator, input.id);
  switch (input.action) {
    case 'edit':
      return saveFact({
        ctx,
        input: {
          viewer,
          scope: fact.scope,
          key: fact.key,
          text: input.text,
          expectedVersion: input.expectedVersion,
          expiry: expiryOf(input),
          tokenId,
        },
      });
    case 'pin':
    case 'unpin':
      return setFactPinned({
        ctx,
        input: {
          viewer,
          id: fact.id,
          pinned: input.action === 'pin',
          expectedVersion: input.expectedVersion,
          confirmOmissions: input.action === 'pin' ? input.confirmOmissions : undefined,
          tokenId,
        },
      });
    case 'delete':
      await deleteFact({ ctx, input: { viewer, id: fact.id, expectedVersion: input.expectedVersion, tokenId } });
      return null;
  }
}
