// One person sending fifty heavy requests at once — review searches, audit exports, memory exports
// — gets eight of them served and the rest refused at once (429), while another person's requests
// go on being served (docs/architecture.md "Fair share"). The other person's times are printed,
// not asserted.
import { beforeAll, describe, expect, it } from 'vitest';
import { createContextInner, type SessionLike } from '../api/trpc';
import { useSeededDatabase } from '../testing/seeded-database';
import { handleAuditExport } from './audit-export';
import { RequestSlots, SLOTS_PER_CALLER, sessionCaller } from './request-slots';
import { trpcRoute } from './trpc-handler';

const db = useSeededDatabase();
const ORIGIN = 'http://localhost:3000';
let bob: SessionLike;
let alice: SessionLike;

beforeAll(async () => {
  bob = await db.sessionOf('bob@example.com');
  alice = await db.sessionOf('alice@example.com');
});

function trpc(slots: RequestSlots, session: SessionLike, path: string): Promise<Response> {
  return trpcRoute(() => createContextInner({ session, db: db.prisma, deps: { now: db.ctx.now } }))(
    new Request(`${ORIGIN}/api/trpc/${path}`),
    {
      allowedOrigin: ORIGIN,
      session,
      slots,
    },
  );
}

const percentile = (samples: number[], p: number) =>
  [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(p * samples.length))]!;

/** Alice's own page data, one request after another, `count` times: the times in ms. */
async function aliceTimes(slots: RequestSlots, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const answer = await trpc(slots, alice, 'memories.topics');
    expect(answer.status).toBe(200);
    await answer.text();
    times.push(performance.now() - started);
  }
  return times;
}

describe('fair share', () => {
  it(`serves ${SLOTS_PER_CALLER.session} of one session's fifty heavy requests at once, refuses the rest, and keeps serving another session`, async () => {
    const slots = new RequestSlots();
    const auditExport = (request: Request) =>
      handleAuditExport(request, { session: bob, prisma: db.prisma, deps: { now: db.ctx.now }, slots });
    const heavy = [
      () => trpc(slots, bob, `review.list?input=${encodeURIComponent(JSON.stringify({ q: 'meeting' }))}`),
      () => auditExport(new Request(`${ORIGIN}/api/audit/export?format=json`)),
      () => trpc(slots, bob, 'memories.export'),
    ];
    const quiet = await aliceTimes(slots, 20);

    const flood = Array.from({ length: 50 }, (_, index) =>
      heavy[index % heavy.length]!().then(async (answer) => [answer.status, (await answer.text()).length] as const),
    );
    const during = await aliceTimes(slots, 20);
    const statuses = (await Promise.all(flood)).map(([status]) => status);

    expect(statuses.filter((status) => status === 200)).toHaveLength(SLOTS_PER_CALLER.session);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50 - SLOTS_PER_CALLER.session);
    expect(slots.inUse(sessionCaller(bob)!)).toBe(0);
    console.log(
      `alice's requests, p50 / p95: ${percentile(quiet, 0.5).toFixed(1)} / ${percentile(quiet, 0.95).toFixed(1)} ms alone, ` +
        `${percentile(during, 0.5).toFixed(1)} / ${percentile(during, 0.95).toFixed(1)} ms while bob sent 50 heavy requests at once`,
    );
  });
});
