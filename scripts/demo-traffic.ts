// `npm run demo:traffic`: posts realistic runtime diagnostics to a running console through its real
// ingest endpoint (README "Runtime diagnostics"), so the Operations page moves.
//
//   npm run demo:traffic -- [--url http://localhost:3000] [--token <secret> --tenant <ref>]
//                           [--every 5] [--rounds 0]
//
// With --token: that token's tenant only (the token needs events:write). Without: on PostgreSQL
// (DATABASE_URL set) the script makes an events:write token for Berlin and one for Hamburg as
// olga@example.com through the token service and prints their secrets; the embedded database is
// held by the running console, so there it explains how to make a token on the Admin → API tokens
// page instead. --rounds 0 (the default) posts until Ctrl-C.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { databaseTargetFromEnv } from '../server/db/config';
import { openDatabase } from '../server/db/open-database';
import { resolveScopes } from '../server/domain';
import { serviceContext } from '../server/services/context';
import { startSession } from '../server/services/account/start-session';
import { createApiToken } from '../server/services/tokens/create-api-token';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:3000' },
    token: { type: 'string' },
    tenant: { type: 'string' },
    every: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '0' },
  },
});

interface Sender {
  tenantRef: string;
  secret: string;
}

async function demoTokens(): Promise<Sender[]> {
  const target = databaseTargetFromEnv();
  if (target.kind !== 'postgres') {
    console.error(
      'No --token given. Sign in as olga@example.com (password in README "Demo accounts"), open Admin → API tokens,\n' +
        'create a token for Hamburg with "events:write", then run:\n' +
        `  npm run demo:traffic -- --url ${values.url} --token <secret> --tenant hamburg`,
    );
    process.exit(2);
  }
  const db = await openDatabase(target);
  try {
    const ctx = serviceContext(db.prisma);
    const olga = await db.prisma.user.findUniqueOrThrow({ where: { email: 'olga@example.com' }, include: { grants: true } });
    const sessionId = await startSession({ ctx, input: { userId: olga.id, userAgent: 'demo-traffic' } });
    const viewer = { userId: olga.id, sessionId, actorRef: olga.actorRef, tenant: { ref: olga.tenantRef }, grants: olga.grants };
    const senders: Sender[] = [];
    for (const tenantRef of ['berlin', 'hamburg']) {
      const token = await createApiToken({ ctx, input: { viewer, name: 'demo traffic', tenantRef, permissions: ['events:write'] } });
      console.log(`Created token "${token.name}" for ${tenantRef}: ${token.secret} (pass it as --token next time; revoke it on Admin → API tokens)`);
      senders.push({ tenantRef, secret: token.secret });
    }
    return senders;
  } finally {
    await db.close();
  }
}

const pick = (max: number) => Math.floor(Math.random() * (max + 1));

/** A few minutes of one tenant's turns and writes, ending now. */
function batch(tenantRef: string, now: number) {
  const scopes = resolveScopes({ actorRef: `demo-${pick(20)}`, tenantRef, memberships: tenantRef === 'hamburg' ? ['depot:hh'] : [] });
  const turns = 10 + pick(30);
  return Array.from({ length: turns }, (_, index) => {
    const at = new Date(now - pick(60_000)).toISOString();
    if (index % 7 === 6) return { type: 'memory.written', at, tenantRef, scope: scopes[pick(scopes.length - 1)]!, chars: 20 + pick(160) };
    const offered = 3 + pick(9);
    const omitted = pick(Math.min(4, offered));
    const pinnedOmitted = tenantRef === 'hamburg' && Math.random() < 0.08 ? 1 + pick(1) : 0;
    return { type: 'memory.resolved', at, tenantRef, scopes, offered, omitted, pinnedOmitted, recalled: pick(3), promptChars: 200 + offered * (30 + pick(40)) };
  });
}

async function post(sender: Sender): Promise<string> {
  const response = await fetch(new URL('/api/runtime/events', values.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${sender.secret}`, 'content-type': 'application/json', 'idempotency-key': randomBytes(12).toString('hex') },
    body: JSON.stringify(batch(sender.tenantRef, Date.now())),
  });
  return `${sender.tenantRef}: ${response.status} ${await response.text()}`;
}

async function main() {
  const senders = values.token ? [{ tenantRef: values.tenant ?? 'hamburg', secret: values.token }] : await demoTokens();
  const everyMs = Math.max(1, Number(values.every)) * 1000;
  const rounds = Number(values.rounds);
  console.log(`Posting to ${values.url} every ${everyMs / 1000} s${rounds > 0 ? `, ${rounds} round(s)` : ' (Ctrl-C stops)'}.`);
  for (let round = 1; rounds <= 0 || round <= rounds; round += 1) {
    for (const sender of senders) console.log(await post(sender));
    if (rounds <= 0 || round < rounds) await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

main().catch((error: unknown) => {
  console.error(`demo:traffic stopped: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
