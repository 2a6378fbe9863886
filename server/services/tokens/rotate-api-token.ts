// Rotating an API token (docs/runtime-api.md "API tokens"): a new token with the same name, tenant,
// permissions and lifetime gets a new secret, shown once; the old secret stays accepted for 24
// hours so the runtime can be redeployed, then it is refused. That end is not a job: the old row
// keeps its rotation time and every request compares it with its own (authenticate-api-token.ts).
// Whoever may revoke the token may rotate it. A token is rotated once: of two rotations at the
// same time one wins, the other is answered CONFLICT (TOKEN_ALREADY_ROTATED) and changes nothing.
import { decideTokenGrant, rotatedExpiry, tenantScope, tokenStanding, GLOBAL_SCOPE, type TokenPermission } from '../../domain';
import { reachOf, retiresAt, tokenAuthority } from '../../domain';
import type { GrantLike } from '../../domain';
import { displayPrefix, hashTokenSecret, newTokenSecret } from '../../auth/api-token-secret';
import type { PrismaClient } from '../../db/generated/client';
import { DomainError, notFound } from '../../errors/domain-error';
import { requireRecentSignIn } from '../account/require-recent-sign-in';
import { recordAudit } from '../audit/record-audit';
import type { ServiceCall } from '../context';
import { runTransaction } from '../run-transaction';

export interface RotateApiTokenInput {
  viewer: { userId: string; sessionId: string; actorRef: string; grants: GrantLike[] };
  id: string;
  /** The password, when the sign-in is older than ten minutes (docs/operations.md "Sessions"). */
  password?: string;
}

export interface RotatedApiToken {
  /** The old token, accepted until `oldRetiresAt`. */
  id: string;
  oldRetiresAt: Date;
  replacement: {
    id: string;
    name: string;
    tenantRef: string | null;
    permissions: TokenPermission[];
    prefix: string;
    /** Shown once; the console cannot show it again. */
    secret: string;
    createdAt: Date;
    expiresAt: Date | null;
  };
}

const alreadyRotated = () =>
  new DomainError('CONFLICT', 'This token was rotated already; rotate its replacement instead.', { reason: 'TOKEN_ALREADY_ROTATED' });

export async function rotateApiToken({ ctx, input }: ServiceCall<RotateApiTokenInput, PrismaClient>): Promise<RotatedApiToken> {
  const { viewer } = input;
  const token = await ctx.db.apiToken.findUnique({ where: { id: input.id } });
  if (!token) throw notFound('That token');
  const authority = tokenAuthority(reachOf(viewer.grants), token.tenantRef);
  if (!authority.administers && !authority.operates) throw notFound('That token');
  const verdict = decideTokenGrant(authority, token.tenantRef === null, token.permissions as TokenPermission[]);
  if (!verdict.ok) {
    throw new DomainError('FORBIDDEN', 'This token has permissions only a tenant administrator may grant, so only one may rotate it.', {
      reason: verdict.reason,
    });
  }
  await requireRecentSignIn({ ctx, input: { viewer, password: input.password } });
  const now = ctx.now();
  const standing = tokenStanding(token, now);
  if (token.rotatedAt) throw alreadyRotated();
  if (standing.state !== 'active') {
    throw new DomainError('CONFLICT', 'This token is revoked or expired, so it cannot be rotated. Create a new one.', {
      reason: 'TOKEN_INACTIVE',
    });
  }
  const secret = newTokenSecret();
  const replacement = {
    id: ctx.newId('tok'),
    name: token.name,
    tenantRef: token.tenantRef,
    permissions: token.permissions as TokenPermission[],
    prefix: displayPrefix(secret),
    createdAt: now,
    expiresAt: rotatedExpiry(token, now),
  };
  await runTransaction({
    ctx,
    input: {
      writer: viewer.userId,
      work: async (txCtx) => {
        const tx = txCtx.db;
        // The claim on the old row decides a race: a second rotation waits for the first's row
        // lock, then finds `rotatedAt` set and matches nothing.
        const { count } = await tx.apiToken.updateMany({
          where: { id: token.id, revokedAt: null, rotatedAt: null },
          data: { rotatedAt: now, replacedBy: replacement.id },
        });
        if (count === 0) throw alreadyRotated();
        await tx.apiToken.create({ data: { ...replacement, tokenHash: hashTokenSecret(secret), createdBy: viewer.userId } });
        recordAudit({
          ctx: txCtx,
          input: {
            userId: viewer.userId,
            actorRef: viewer.actorRef,
            action: 'token.rotated',
            scope: token.tenantRef === null ? GLOBAL_SCOPE : tenantScope(token.tenantRef),
            tenantRef: token.tenantRef,
            memoryId: null,
            before: { tokenId: token.id, name: token.name, permissions: token.permissions, prefix: token.prefix },
            after: {
              tokenId: replacement.id,
              name: replacement.name,
              permissions: replacement.permissions,
              prefix: replacement.prefix,
              oldRetiresAt: retiresAt(now).toISOString(),
            },
          },
        });
      },
    },
  });
  return { id: token.id, oldRetiresAt: retiresAt(now), replacement: { ...replacement, secret } };
}
