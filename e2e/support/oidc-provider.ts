// A real OpenID Connect provider for the end-to-end tests (the oidc-provider package), started by
// Playwright before the consoles. It knows a fixed set of accounts, signs people in with a plain
// email form, and trusts the console client without a consent screen. In-memory and test-only:
// keys, secrets and sessions are thrown away when the process ends.
//
// Run: `tsx e2e/support/oidc-provider.ts` with OIDC_TEST_PORT (and OIDC_TEST_REDIRECT_URIS,
// comma-separated callback URLs of the consoles that may use it).
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { OIDC_ACCOUNTS, OIDC_CLIENT, type OidcAccount } from './oidc-accounts';

const port = Number(process.env.OIDC_TEST_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('OIDC_TEST_PORT must be a port number.');
const redirectUris = (process.env.OIDC_TEST_REDIRECT_URIS ?? '').split(',').filter(Boolean);
if (redirectUris.length === 0) throw new Error('OIDC_TEST_REDIRECT_URIS must list at least one callback URL.');

const issuer = `http://localhost:${port}`;
const accounts = new Map<string, OidcAccount>(OIDC_ACCOUNTS.map((account) => [account.login, account]));
const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

const configuration: Configuration = {
  clients: [
    {
      client_id: OIDC_CLIENT.id,
      client_secret: OIDC_CLIENT.secret,
      redirect_uris: redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  jwks: { keys: [{ ...signingKey, kid: 'e2e', use: 'sig', alg: 'RS256' }] as never },
  cookies: { keys: ['e2e-only-cookie-key'] },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  // next-auth reads the person from the ID token, so scope claims go there too.
  conformIdTokenClaims: false,
  features: { devInteractions: { enabled: false } },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  pkce: { required: () => true, methods: ['S256'] },
  async findAccount(_ctx, id) {
    const account = accounts.get(id);
    if (!account) return undefined;
    return {
      accountId: id,
      claims: () => ({
        sub: id,
        name: account.name,
        ...(account.email ? { email: account.email, email_verified: true } : {}),
      }),
    };
  },
  // The console is a first-party client: its grant is created on the spot instead of asking.
  async loadExistingGrant(ctx: KoaContextWithOIDC) {
    const { client, session, provider } = ctx.oidc;
    if (!client || !session?.accountId) return undefined;
    const grantId = ctx.oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
    if (grantId) return provider.Grant.find(grantId);
    const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
    grant.addOIDCScope('openid email profile');
    await grant.save();
    return grant;
  },
};

const provider = new Provider(issuer, configuration);
const handleOidc = provider.callback();

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function loginPage(uid: string, error?: string, login = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Example ID sign-in</title></head>
<body>
<main>
<h1>Example ID</h1>
<form method="post" action="/interaction/${escapeHtml(uid)}">
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<label for="login">Account</label>
<input id="login" name="login" autocomplete="username" value="${escapeHtml(login)}" autofocus>
<button type="submit" name="action" value="login">Continue</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</form>
</main>
</body></html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

async function interaction(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  if (details.prompt.name !== 'login') {
    sendHtml(res, 501, `<p>This test provider only handles sign-in, not "${escapeHtml(details.prompt.name)}".</p>`);
    return;
  }
  if (req.method !== 'POST') {
    sendHtml(res, 200, loginPage(details.uid));
    return;
  }
  const form = await readForm(req);
  if (form.get('action') === 'cancel') {
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The person cancelled the sign-in.' },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  const login = (form.get('login') ?? '').trim();
  if (!accounts.has(login)) {
    sendHtml(res, 200, loginPage(details.uid, `No Example ID account "${login}".`, login));
    return;
  }
  await provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
}

const server = createServer((req, res) => {
  const { pathname } = new URL(req.url ?? '/', issuer);
  if (/^\/interaction\/[\w-]+$/.test(pathname)) {
    interaction(req, res).catch((error: unknown) => {
      console.error('[oidc-provider] interaction failed:', error);
      if (!res.headersSent) sendHtml(res, 400, '<p>The sign-in could not continue. Start again from the console.</p>');
      else res.end();
    });
    return;
  }
  void handleOidc(req, res);
});

server.listen(port, () => console.log(`[oidc-provider] issuer ${issuer}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
