// Runtime requests authenticate with `Authorization: Bearer <secret>` (docs/runtime-api.md "API
// tokens"): 401 without a token or with an unknown or revoked one, 403 when it lacks the
// permission.
import type { TokenPermission } from '../domain';
import { authenticateApiToken, type AuthenticatedToken } from '../services/tokens/authenticate-api-token';
import type { ServiceContext } from '../services/context';
import { jsonError } from './json-response';

export function bearerSecret(request: Request): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '');
  return match ? match[1]! : null;
}

/** The token behind the request, or the refusal to answer with. */
export async function requireBearerToken(
  request: Request,
  ctx: ServiceContext,
  permission: TokenPermission,
): Promise<{ token: AuthenticatedToken } | { refused: Response }> {
  const check = await authenticateApiToken({ ctx, input: { secret: bearerSecret(request), permission } });
  if (check.ok) return { token: check.token };
  const status = check.refusal === 'UNAUTHENTICATED' ? 401 : 403;
  const response = jsonError(status, status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN', check.message);
  if (status === 401) response.headers.set('www-authenticate', 'Bearer');
  return { refused: response };
}
