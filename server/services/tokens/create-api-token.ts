// Creating an API token for the runtime (docs/runtime-api.md "API tokens"): bound to one tenant
// (or, for metrics only, to every tenant), with permissions the creator may grant; the secret is
// returned once and only its SHA-256 is stored.
import { decideTokenGrant, tenantScope, GLOBAL_SCOPE, type TokenPermission } from '../../domain';
import { displayPrefix, hashTokenSecret, newTokenSecret } from '../../auth/api-token-secret';
import { reachOf, tokenAuthority } from '../../domain';
import type { GrantLike } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { DomainError, notFound } from '../../errors/domain-error';
import { requireRecentSignIn } from '../account/require-recent-sign-in';
import { recordAudit } from '../audit/record-audit';
import type { ServiceCall } from '../context';
import { runTransaction } from '../run-transaction';

export interface CreateApiTokenInput {
  viewer: { userId: string; sessionId: string; actorRef: string; tenant: { ref: string }; grants: GrantLike[] };
  name: string;
  /** null: a metrics:read token over every tenant. */
  tenantRef: string | null;
  permissions: TokenPermission[];
  /** Days until the token is refused; null or absent: it never expires. */
  expiresInDays?: number | null;
  /** The password, when the sign-in is older than ten minutes (docs/operations.md "Sessions"). */
  password?: string;
}

export interface CreatedApiToken {
  id: string;
  name: string;
  tenantRef: string | null;
  permissions: TokenPermission[];
  prefix: string;
  /** Shown once; the console cannot show it again. */
  secret: string;
  createdAt: Date;
  expiresAt: Date | null;
}

export async function createApiToken({ ctx, input }: ServiceCall<CreateApiTokenInput, PrismaClient>): Promise<CreatedApiToken> {
  const { viewer, tenantRef } = input;
  const permissions = [...new Set(input.permissions)];
  const authority = tokenAuthority(reachOf(viewer.grants), tenantRef);
  const known = tenantRef === null || (await ctx.db.tenant.findUnique({ where: { ref: tenantRef } })) !== null;
  // Another tenant's tokens are not the viewer's business: its existence stays hidden.
  const related = tenantRef === null || tenantRef === viewer.tenant.ref || authority.administers || authority.operates;
  if (!known || !related) throw notFound('That tenant');
  const verdict = decideTokenGrant(authority, tenantRef === null, permissions);
  if (!verdict.ok) throw new DomainError('FORBIDDEN', verdict.message, { reason: verdict.reason });

  await requireRecentSignIn({ ctx, input: { viewer, password: input.password } });
  const secret = newTokenSecret();
  const createdAt = ctx.now();
  const token = {
    id: ctx.newId('tok'),
    name: input.name,
    tenantRef,
    permissions,
    prefix: displayPrefix(secret),
    createdAt,
    expiresAt: input.expiresInDays ? new Date(createdAt.getTime() + input.expiresInDays * 86_400_000) : null,
  };
  await runTransaction({
    ctx,
    input: {
      writer: viewer.userId,
      work: async (txCtx) => {
        const tx = txCtx.db;
        await tx.apiToken.create({ data: { ...token, tokenHash: hashTokenSecret(secret), createdBy: viewer.userId } });
        recordAudit({
          ctx: txCtx,
          input: {
            userId: viewer.userId,
            actorRef: viewer.actorRef,
            action: 'token.created',
            scope: tenantRef === null ? GLOBAL_SCOPE : tenantScope(tenantRef),
            tenantRef,
            memoryId: null,
            after: {
              tokenId: token.id,
              name: token.name,
              permissions,
              prefix: token.prefix,
              expiresAt: token.expiresAt?.toISOString() ?? null,
            },
          },
        });
      },
    },
  });
  return { ...token, secret };
}
