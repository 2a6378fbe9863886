// Runtime requests authenticate with `Authorization: Bearer <secret>` (docs/runtime-api.md "API tokens"); route.ts checks the token and the route's permission (401 without a token or with
// an unknown or revoked one, 403 when it lacks the permission).

export function bearerSecret(request: Request): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '');
  return match ? match[1]! : null;
}
