// One refusal, one answer (server/domain/refusals.ts, docs/architecture.md "Refusal reasons"):
// every persona asks every administrators' service about the same organisation and gets the same
// code and reason from each, whether the service sits behind adminProcedure or checks alone.
// Before the reasons were one union these services answered NO_AUTHORITY, NOT_TENANT_ADMIN,
// NOT_AN_ADMINISTRATOR, NOT_ADMIN or nothing at all for the same refusal.
import { beforeAll, describe, expect, it } from 'vitest';
import { trpcRoute } from '../http/trpc-handler';
import { useSeededDatabase } from '../testing/seeded-database';
import { errorOf, reasonOf } from '../testing/trpc-error';
import { createContextInner } from './trpc';

const db = useSeededDatabase();

type Caller = Awaited<ReturnType<typeof db.callerAs>>;

/** Every call asks about one organisation: `tenantRef`, and `member`, a person of it. */
const CALLS: Record<string, (caller: Caller, about: { tenantRef: string; member: string }) => Promise<unknown>> = {
  'scopes.list': (caller, { tenantRef }) => caller.scopes.list({ tenantRef }),
  'people.list': (caller, { tenantRef }) => caller.people.list({ tenantRef }),
  'people.get': (caller, { member }) => caller.people.get({ userId: member }),
  'grants.list': (caller, { member }) => caller.grants.list({ userId: member }),
  'tenants.settings': (caller, { tenantRef }) => caller.tenants.settings({ tenantRef }),
  'webhooks.get': (caller, { tenantRef }) => caller.webhooks.get({ tenantRef }),
};

/** Calls about no organisation in particular: what the viewer administers at all. */
const ANYWHERE: Record<string, (caller: Caller) => Promise<unknown>> = {
  'people.list (every organisation)': (caller) => caller.people.list({}),
  'review.list': (caller) => caller.review.list(),
};

async function answer(call: Promise<unknown>): Promise<string> {
  const error = await errorOf(call).catch(() => null);
  if (!error) return 'allowed';
  const reason = reasonOf(error);
  return reason ? `${error.code} ${reason}` : error.code;
}

async function answers(email: string, about: { tenantRef: string; memberEmail: string }) {
  const caller = await db.callerAs(email);
  const member = await db.userId(about.memberEmail);
  const result: Record<string, string> = {};
  for (const [name, call] of Object.entries(CALLS)) result[name] = await answer(call(caller, { tenantRef: about.tenantRef, member }));
  return result;
}

const every = (outcome: string) => Object.fromEntries(Object.keys(CALLS).map((name) => [name, outcome]));
const BERLIN = { tenantRef: 'berlin', memberEmail: 'carla@example.com' };
const HAMBURG = { tenantRef: 'hamburg', memberEmail: 'jonas@example.com' };

beforeAll(async () => {
  // Hana administers Hamburg's depot, not Hamburg: an administrator, but not of her organisation.
  await db.prisma.grant.create({
    data: { id: 'gr_hana_depot', userId: await db.userId('hana@example.com'), scope: 'depot:hh', role: 'admin' },
  });
});

describe('the same refusal, the same answer, from every administrators’ service', () => {
  it.each([
    ['an end user', 'alice@example.com'],
    ['an operator', 'olga@example.com'],
  ])('%s asking about their own organisation: FORBIDDEN NOT_ADMINISTRATOR everywhere', async (_persona, email) => {
    expect(await answers(email, BERLIN)).toEqual(every('FORBIDDEN NOT_ADMINISTRATOR'));
  });

  it('an administrator of a custom scope asking about their own organisation: FORBIDDEN NOT_ADMINISTRATOR everywhere', async () => {
    expect(await answers('hana@example.com', HAMBURG)).toEqual(every('FORBIDDEN NOT_ADMINISTRATOR'));
  });

  it('the administrator of another organisation: NOT_FOUND everywhere, with no reason that would confirm it', async () => {
    expect(await answers('bob@example.com', HAMBURG)).toEqual(every('NOT_FOUND'));
  });

  it('the organisation’s own administrator, and a global administrator: allowed everywhere', async () => {
    expect(await answers('bob@example.com', BERLIN)).toEqual(every('allowed'));
    expect(await answers('gina@example.com', HAMBURG)).toEqual(every('allowed'));
  });

  it('asked about whatever they administer, each persona gets one answer from every service', async () => {
    const expected = {
      'alice@example.com': 'FORBIDDEN NOT_ADMINISTRATOR', // an end user
      'olga@example.com': 'FORBIDDEN NOT_ADMINISTRATOR', // an operator
      'hana@example.com': 'FORBIDDEN NOT_ADMINISTRATOR', // an administrator of a custom scope only
      'bob@example.com': 'allowed', // a tenant administrator
      'gina@example.com': 'allowed', // a global administrator
    };
    for (const [email, outcome] of Object.entries(expected)) {
      const caller = await db.callerAs(email);
      for (const [name, call] of Object.entries(ANYWHERE))
        expect([email, name, await answer(call(caller))]).toEqual([email, name, outcome]);
    }
  });

  it('a tenant administrator acting at global is refused NEEDS_GLOBAL_GRANT by facts and by roles alike', async () => {
    const bob = await db.callerAs('bob@example.com');
    const carla = await db.userId('carla@example.com');
    expect(await answer(bob.facts.save({ scope: 'global', key: 'refusal-probe', text: 'Never stored.' }))).toBe(
      'FORBIDDEN NEEDS_GLOBAL_GRANT',
    );
    expect(await answer(bob.grants.add({ userId: carla, scope: 'global', role: 'operator' }))).toBe('FORBIDDEN NEEDS_GLOBAL_GRANT');
    expect(await db.prisma.agentMemory.count({ where: { key: 'refusal-probe' } })).toBe(0);
    expect(await db.prisma.grant.count({ where: { userId: carla } })).toBe(0);
  });

  it('carries the reason on the wire: data.domain.reason of the tRPC answer', async () => {
    const origin = 'http://localhost:3000';
    const session = await db.sessionOf('alice@example.com');
    const response = await trpcRoute(() => createContextInner({ session, db: db.prisma, deps: { now: db.ctx.now } }))(
      new Request(`${origin}/api/trpc/audit.list?input=${encodeURIComponent('{}')}`, { headers: { origin } }),
      { allowedOrigin: origin },
    );
    expect(response.status).toBe(403);
    const body = (await response.json()) as { error: { data: { code: string; domain: { code: string; reason: string } } } };
    expect(body.error.data).toMatchObject({ code: 'FORBIDDEN', domain: { code: 'FORBIDDEN', reason: 'NOT_ADMINISTRATOR' } });
  });
});
