// The browser's side of next-auth's HTTP endpoints (/api/auth/…), instead of next-auth's own client
// (next-auth/react): the console used three of its functions, and it weighed about 10 kB compressed
// on every page, the sign-in page included (docs/benchmarks.md "First-load JavaScript"). Each call
// is one of next-auth's REST endpoints, made as its own client makes it: fetch a CSRF token (the
// endpoint also sets the cookie it is checked against), then POST a form body carrying it with
// `json=true`, so the answer is `{ url }` (where to go next) instead of a redirect.

const AUTH_API = '/api/auth';

/** A CSRF token for the next POST, with its cookie set: next-auth's double-submit check. */
export async function csrfToken(): Promise<string> {
  const response = await fetch(`${AUTH_API}/csrf`, { cache: 'no-store' });
  const body = (await response.json().catch(() => ({}))) as { csrfToken?: unknown };
  if (!response.ok || typeof body.csrfToken !== 'string') throw new Error(`No CSRF token from ${AUTH_API}/csrf (HTTP ${response.status}).`);
  return body.csrfToken;
}

/** POSTs `fields` form-encoded (the only body next-auth's endpoints read) to /api/auth/`action`. */
export function postAuthForm(action: string, fields: Record<string, string>): Promise<Response> {
  return fetch(`${AUTH_API}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
}

/** Where next-auth says to go next (`{ url }`), or `fallback` when the answer has none. */
async function nextUrl(response: Response, fallback: string): Promise<string> {
  const body = (await response.json().catch(() => ({}))) as { url?: unknown };
  return typeof body.url === 'string' && body.url !== '' ? body.url : fallback;
}

/** Ends the session (next-auth's sign-out, which also ends it in the database), then goes to `callbackUrl`. */
export async function signOut(callbackUrl: string): Promise<void> {
  const response = await postAuthForm('signout', { csrfToken: await csrfToken(), callbackUrl, json: 'true' });
  if (!response.ok) throw new Error(`Sign-out failed (HTTP ${response.status}).`);
  window.location.assign(await nextUrl(response, callbackUrl));
}

/**
 * Starts single sign-on with `provider`: next-auth answers with the provider's authorization
 * address (state and PKCE cookies set), which the whole window then opens. A navigation, not a form
 * submission, because the page's `form-action 'self'` would stop a form's redirect to the provider.
 */
export async function signInWithProvider(provider: string, callbackUrl: string): Promise<void> {
  const response = await postAuthForm(`signin/${encodeURIComponent(provider)}`, {
    csrfToken: await csrfToken(),
    callbackUrl,
    json: 'true',
  });
  if (!response.ok) throw new Error(`Single sign-on could not start (HTTP ${response.status}).`);
  window.location.assign(await nextUrl(response, `/signin?error=OAuthSignin&callbackUrl=${encodeURIComponent(callbackUrl)}`));
}
