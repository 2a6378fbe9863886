// `npm run demo:traffic`: posts realistic runtime diagnostics to a running console through its real
// ingest endpoint (docs/runtime-api.md "Runtime diagnostics"), so the Operations page moves.
//
//   npm run demo:traffic -- [--url http://localhost:$PORT] [--token <secret> --tenant <ref>]
//                           [--email olga@example.com --password demo] [--every 5] [--rounds 0]
//
// With --token: that token's tenant only (the token needs events:write). Without: the script signs
// in to the console over HTTP as the demo operator (--email/--password; the demo accounts of README
// "Demo accounts" by default) and creates an events:write token for Berlin and one for Hamburg
// through the same tRPC call as the API tokens page, printing their secrets. It never opens the
// database itself, so it works the same on the embedded database (which the running console holds)
// and on PostgreSQL. --rounds 0 (the default) posts until Ctrl-C. Without --url it sends to the
// console of PORT (as `npm start` reads it; 3000 when unset).
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { actorScope, resolveScopes } from '../server/domain';
import { DEMO_USERS } from '../server/services/seed/demo-data';

export interface Sender {
  tenantRef: string;
  secret: string;
}

/** The cookies a console set, kept between requests (sign-in takes three). */
class CookieJar {
  private cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** Signs in as `email` through next-auth's credentials form and creates one token per tenant (events:write unless told). */
export async function createDemoTokens(
  url: string,
  email: string,
  password: string,
  tenants: string[],
  permissions = ['events:write'],
): Promise<Sender[]> {
  const jar = new CookieJar();
  const origin = new URL(url).origin;
  const csrf = await fetch(new URL('/api/auth/csrf', url));
  jar.take(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signIn = await fetch(new URL('/api/auth/callback/credentials', url), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header(), origin },
    // Exactly the fields the sign-in form sends: the console refuses any other body (docs/sign-in-and-network.md).
    body: new URLSearchParams({ email, password, csrfToken, callbackUrl: '/memories', json: 'true' }),
  });
  jar.take(signIn);
  if (!/session-token=/.test(jar.header()))
    throw new Error(`could not sign in as ${email} at ${url} (answer ${signIn.status}); pass --email and --password, or --token`);
  const senders: Sender[] = [];
  for (const tenantRef of tenants) {
    const created = await fetch(new URL('/api/trpc/tokens.create', url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: jar.header(), origin },
      body: JSON.stringify({ name: 'demo traffic', tenantRef, permissions }),
    });
    const answer = (await created.json()) as { result?: { data: { secret: string } }; error?: { message: string } };
    if (!answer.result) throw new Error(`could not create a token for ${tenantRef}: ${answer.error?.message ?? created.status}`);
    senders.push({ tenantRef, secret: answer.result.data.secret });
  }
  return senders;
}

const pick = (max: number) => Math.floor(Math.random() * (max + 1));

/**
 * A minute of one tenant's turns and writes, ending at `now`: 10–40 events, Hamburg's sometimes
 * dropping a pinned policy. A turn reads every scope of its person; a write lands only where an
 * assistant can write, the person's own (actor) scope (docs/concepts.md) — of one of the demo
 * people, since the console refuses a write reported at a scope it does not hold for the tenant.
 * A tenant without demo people gets turns only.
 */
export function demoBatch(tenantRef: string, now: number) {
  const people = DEMO_USERS.filter((user) => user.tenantRef === tenantRef && !user.system);
  const person = people[pick(people.length - 1)];
  const actorRef = person?.actorRef ?? `demo-${pick(20)}`;
  const scopes = resolveScopes({ actorRef, tenantRef, memberships: person?.memberships ?? [] });
  const turns = 10 + pick(30);
  return Array.from({ length: turns }, (_, index) => {
    const at = new Date(now - pick(60_000)).toISOString();
    if (person && index % 7 === 6) return { type: 'memory.written', at, tenantRef, scope: actorScope(actorRef), chars: 20 + pick(160) };
    const offered = 3 + pick(9);
    const omitted = pick(Math.min(4, offered));
    const pinnedOmitted = tenantRef === 'hamburg' && Math.random() < 0.08 ? 1 + pick(1) : 0;
    return {
      type: 'memory.resolved',
      at,
      tenantRef,
      scopes,
      offered,
      omitted,
      pinnedOmitted,
      recalled: pick(3),
      promptChars: 200 + offered * (30 + pick(40)),
    };
  });
}

/** Posts one demo batch for the sender's tenant; the console's status and answer. */
export async function postDemoBatch(url: string, sender: Sender, now = Date.now()): Promise<{ status: number; text: string }> {
  const response = await fetch(new URL('/api/runtime/events', url), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${sender.secret}`,
      'content-type': 'application/json',
      'idempotency-key': randomBytes(12).toString('hex'),
    },
    body: JSON.stringify(demoBatch(sender.tenantRef, now)),
  });
  return { status: response.status, text: await response.text() };
}

/** The console `npm start` runs with the same environment: PORT, else 3000. */
export function defaultConsoleUrl(env: Record<string, string | undefined>): string {
  const port = env.PORT?.trim() || '3000';
  return `http://localhost:${port}`;
}

/** What a failed connection means, instead of fetch's bare "fetch failed". */
export function unreachableMessage(url: string, error: unknown): string | null {
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  if (!(error instanceof TypeError) || !/fetch failed/i.test(error.message)) return null;
  return (
    `no console answered at ${url}${cause?.code ? ` (${cause.code})` : ''}. Start it (npm start), ` +
    'or say where it runs: PORT=<port> npm run demo:traffic, or npm run demo:traffic -- --url <address>.'
  );
}

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: defaultConsoleUrl(process.env) },
      token: { type: 'string' },
      tenant: { type: 'string' },
      email: { type: 'string', default: 'olga@example.com' },
      password: { type: 'string', default: 'demo' },
      every: { type: 'string', default: '5' },
      rounds: { type: 'string', default: '0' },
    },
  });
  const url = values.url;
  let senders: Sender[];
  if (values.token) {
    senders = [{ tenantRef: values.tenant ?? 'hamburg', secret: values.token }];
  } else {
    senders = await createDemoTokens(url, values.email, values.password, ['berlin', 'hamburg']);
    for (const sender of senders) {
      console.log(
        `Created token "demo traffic" for ${sender.tenantRef}: ${sender.secret} (pass it as --token next time; revoke it under Operations → API tokens)`,
      );
    }
  }
  const everyMs = Math.max(1, Number(values.every)) * 1000;
  const rounds = Number(values.rounds);
  console.log(`Posting to ${url} every ${everyMs / 1000} s${rounds > 0 ? `, ${rounds} round(s)` : ' (Ctrl-C stops)'}.`);
  for (let round = 1; rounds <= 0 || round <= rounds; round += 1) {
    for (const sender of senders) {
      const { status, text } = await postDemoBatch(url, sender);
      console.log(`${sender.tenantRef}: ${status} ${text}`);
    }
    if (rounds <= 0 || round < rounds) await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    const url = parseArgs({ options: { url: { type: 'string' } }, strict: false }).values.url;
    const unreachable = unreachableMessage(typeof url === 'string' ? url : defaultConsoleUrl(process.env), error);
    console.error(`demo:traffic stopped: ${unreachable ?? (error instanceof Error ? error.message : String(error))}`);
    process.exit(1);
  });
}
