// The person a facts:write token acts for: the one who made it, as they are now (docs/runtime-api.md
// "Publishing facts"). A token carries no authority of its own: each call is checked against its
// creator's current grants, so a creator who is disabled, gone, or no longer an administrator of
// the token's organisation makes the token's fact changes refused (403) while the token itself
// still exists.
import { loadViewer, type Viewer } from '../../auth/viewer';
import { reachOf, tokenAuthority } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { DomainError } from '../../errors/domain-error';
import type { ServiceCall } from '../context';
import type { AuthenticatedToken } from '../tokens/authenticate-api-token';

export interface LoadTokenCreatorInput {
  token: AuthenticatedToken;
}

/** The creator as the fact services' viewer; `sessionId` names no session, so nothing needing a recent sign-in passes. */
export type TokenCreator = Pick<Viewer, 'userId' | 'actorRef' | 'scopes' | 'grants'> & { sessionId: string; tenantRef: string };

export async function loadTokenCreator({ ctx, input }: ServiceCall<LoadTokenCreatorInput, PrismaClient>): Promise<TokenCreator> {
  const { token } = input;
  if (!token.tenantRef) {
    throw new DomainError('FORBIDDEN', 'A token of every tenant publishes no facts; use a token of one organisation.', {
      reason: 'TOKEN_NOT_TENANT_BOUND',
    });
  }
  const row = await ctx.db.apiToken.findUnique({ where: { id: token.id }, select: { createdBy: true } });
  const viewer = row?.createdBy ? await loadViewer(ctx.db, row.createdBy, ctx.sql) : null;
  if (!viewer) {
    throw new DomainError(
      'FORBIDDEN',
      'The person who made this API token is disabled or no longer exists, so it may not change facts. An administrator can make a new token.',
      { reason: 'WRITER_INACTIVE' },
    );
  }
  if (!tokenAuthority(reachOf(viewer.grants), token.tenantRef).administers) {
    throw new DomainError(
      'FORBIDDEN',
      'The person who made this API token is no longer an administrator of its organisation, so it may not change facts. ' +
        'An administrator can make a new token.',
      { reason: 'NOT_ADMINISTRATOR' },
    );
  }
  return {
    userId: viewer.userId,
    actorRef: viewer.actorRef,
    scopes: viewer.scopes,
    grants: viewer.grants,
    sessionId: `api-token:${token.id}`,
    tenantRef: token.tenantRef,
  };
}
