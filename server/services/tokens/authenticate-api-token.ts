// Which token a runtime request's secret belongs to, and whether it carries the permission the
// endpoint needs (docs/runtime-api.md "API tokens"). Records "last used" at most once a minute.
import { ROTATION_GRACE_MS, type TokenPermission } from '../../domain';
import { hashTokenSecret } from '../../auth/api-token-secret';
import { prismaSqlRunner } from '../../db/sql-runner';
import { queryRows } from '../../db/sql-rows';
import type { ServiceCall } from '../context';
import { TOKEN_ROW, tokenLookupSql } from './authenticate-api-token-sql';

export interface AuthenticateApiTokenInput {
  /** The bearer secret as sent, or null when the request had none. */
  secret: string | null;
  permission: TokenPermission;
}

export interface AuthenticatedToken {
  id: string;
  /** null: a metrics token of every tenant. */
  tenantRef: string | null;
  permissions: TokenPermission[];
}

export type TokenCheck =
  { ok: true; token: AuthenticatedToken } | { ok: false; refusal: 'UNAUTHENTICATED' | 'MISSING_PERMISSION'; message: string };

const LAST_USED_RESOLUTION_MS = 60_000;

export async function authenticateApiToken({ ctx, input }: ServiceCall<AuthenticateApiTokenInput>): Promise<TokenCheck> {
  if (!input.secret) {
    return { ok: false, refusal: 'UNAUTHENTICATED', message: 'Send an API token as "Authorization: Bearer <token>".' };
  }
  // One statement finds the token and, at most once a minute, records its use. It runs on the
  // driver's pool when the caller has one (the ingest path, docs/runtime-api.md "How a batch is
  // stored quickly"), where a statement through Prisma cost more than the rest of a small request.
  const now = ctx.now();
  const lookup = tokenLookupSql({
    tokenHash: hashTokenSecret(input.secret),
    now,
    lastUsedBefore: new Date(now.getTime() - LAST_USED_RESOLUTION_MS),
    rotatedAfter: new Date(now.getTime() - ROTATION_GRACE_MS),
  });
  // Its text never changes: kept prepared on each connection (where the pool mode allows).
  const [row] = await queryRows(ctx.sql ?? prismaSqlRunner(ctx.db), TOKEN_ROW, lookup.text, lookup.params, 'api_token_lookup');
  // The same rule as the domain's tokenStanding, evaluated by the statement at the request's time.
  if (!row || row.revoked || (row.retired && !row.expired)) {
    return { ok: false, refusal: 'UNAUTHENTICATED', message: 'This API token is unknown or has been revoked.' };
  }
  if (row.expired) {
    return { ok: false, refusal: 'UNAUTHENTICATED', message: 'This API token has expired.' };
  }
  const token = { id: row.id, tenantRef: row.tenantRef, permissions: row.permissions as TokenPermission[] };
  if (!token.permissions.includes(input.permission)) {
    return { ok: false, refusal: 'MISSING_PERMISSION', message: `This API token lacks the permission ${input.permission}.` };
  }
  return { ok: true, token };
}
