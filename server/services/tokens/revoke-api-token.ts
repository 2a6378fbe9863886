// Revoking an API token (docs/runtime-api.md "API tokens"): whoever may create a token with its
// permissions may revoke it; a revoked token is refused at once. Revoking twice is harmless.
import { decideTokenGrant, tenantScope, GLOBAL_SCOPE, type TokenPermission } from '../../domain';
import { reachOf, tokenAuthority } from '../../domain';
import type { GrantLike } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { DomainError, notFound } from '../../errors/domain-error';
import { requireRecentSignIn } from '../account/require-recent-sign-in';
import { recordAudit } from '../audit/record-audit';
import type { ServiceCall } from '../context';
import { runTransaction } from '../run-transaction';

export interface RevokeApiTokenInput {
  viewer: { userId: string; sessionId: string; actorRef: string; grants: GrantLike[] };
  id: string;
  /** The password, when the sign-in is older than ten minutes (docs/operations.md "Sessions"). */
  password?: string;
}

export async function revokeApiToken({
  ctx,
  input,
}: ServiceCall<RevokeApiTokenInput, PrismaClient>): Promise<{ id: string; revokedAt: Date }> {
  const { viewer } = input;
  const token = await ctx.db.apiToken.findUnique({ where: { id: input.id } });
  if (!token) throw notFound('That token');
  const authority = tokenAuthority(reachOf(viewer.grants), token.tenantRef);
  if (!authority.administers && !authority.operates) throw notFound('That token');
  const verdict = decideTokenGrant(authority, token.tenantRef === null, token.permissions as TokenPermission[]);
  if (!verdict.ok) {
    throw new DomainError('FORBIDDEN', 'This token has permissions only a tenant administrator may grant, so only one may revoke it.', {
      reason: verdict.reason,
    });
  }
  await requireRecentSignIn({ ctx, input: { viewer, password: input.password } });
  if (token.revokedAt) return { id: token.id, revokedAt: token.revokedAt };
  const revokedAt = ctx.now();
  return runTransaction({
    ctx,
    input: {
      writer: viewer.userId,
      work: async (txCtx) => {
        const tx = txCtx.db;
        const { count } = await tx.apiToken.updateMany({
          where: { id: token.id, revokedAt: null },
          data: { revokedAt, revokedBy: viewer.userId },
        });
        if (count === 0) {
          const current = await tx.apiToken.findUniqueOrThrow({ where: { id: token.id } });
          return { id: token.id, revokedAt: current.revokedAt! };
        }
        recordAudit({
          ctx: txCtx,
          input: {
            userId: viewer.userId,
            actorRef: viewer.actorRef,
            action: 'token.revoked',
            scope: token.tenantRef === null ? GLOBAL_SCOPE : tenantScope(token.tenantRef),
            tenantRef: token.tenantRef,
            memoryId: null,
            before: { tokenId: token.id, name: token.name, permissions: token.permissions, prefix: token.prefix },
          },
        });
        return { id: token.id, revokedAt };
      },
    },
  });
}
