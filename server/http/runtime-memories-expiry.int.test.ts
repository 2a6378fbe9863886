// The runtime's writes carry an expiry (docs/runtime-api.md "Expiry"): `expiresAt` or `ttlSeconds`
// round-trip, bad ones answer 400 naming the field and the limit and write nothing, the
// organisation's default lifetime applies to new conclusions, and a re-save restores an expired one.
// Every answer is checked against the OpenAPI document (callRuntime), which describes both fields.
import { beforeAll, describe, expect, it } from 'vitest';
import { runtimeOpenApiDocument } from '../runtime/openapi';
import { RUNTIME_PATHS } from '../runtime/schemas';
import { callRuntime } from '../testing/runtime-memories';
import { tokenSecret } from '../testing/runtime-tokens';
import { SEED_NOW, useSeededDatabase } from '../testing/seeded-database';

const db = useSeededDatabase();
let berlin: string;

beforeAll(async () => {
  berlin = (await tokenSecret(db, 'gina@example.com', 'berlin', ['memories:read', 'memories:write'])).secret;
});

const write = (body: Record<string, unknown>) => callRuntime(db, berlin, 'write', body);
const held = (key: string) => db.prisma.agentMemory.findUnique({ where: { scope_key: { scope: 'actor:u1', key } } });
const after = (seconds: number) => new Date(SEED_NOW.getTime() + seconds * 1000).toISOString();

describe('expiry on the runtime’s writes', () => {
  it('ttlSeconds becomes expiresAt, answered and stored', async () => {
    const { status, body } = await write({ actorRef: 'u1', key: 'life-ttl', fact: 'On leave this week.', ttlSeconds: 3600 });
    expect(status).toBe(200);
    expect(body.record.expiresAt).toBe(after(3600));
    expect((await held('life-ttl'))?.expiresAt?.toISOString()).toBe(after(3600));
  });

  it('expiresAt round-trips, and the same text again keeps it (no change)', async () => {
    const expiresAt = after(86_400);
    const first = await write({ actorRef: 'u1', key: 'life-date', fact: 'Travels on Friday.', expiresAt });
    expect(first.body.record.expiresAt).toBe(expiresAt);
    const again = await write({ actorRef: 'u1', key: 'life-date', fact: 'Travels on Friday.' });
    expect(again.body).toEqual({ changed: false, record: first.body.record });
    const extended = await write({ actorRef: 'u1', key: 'life-date', fact: 'Travels on Friday.', ttlSeconds: 172_800 });
    expect(extended.body).toMatchObject({ changed: true, record: { expiresAt: after(172_800), version: 2 } });
  });

  it.each([
    ['a past expiresAt', { expiresAt: after(-1) }, 'expiresAt must be in the future'],
    ['expiresAt now', { expiresAt: after(0) }, 'expiresAt must be in the future'],
    ['expiresAt past ten years', { expiresAt: '2036-12-31T00:00:00.000Z' }, 'expiresAt must be at most 10 years from now'],
    ['both fields', { expiresAt: after(60), ttlSeconds: 60 }, 'ttlSeconds cannot be given together with expiresAt'],
    ['ttlSeconds of 0', { ttlSeconds: 0 }, 'ttlSeconds'],
    ['a fractional ttlSeconds', { ttlSeconds: 1.5 }, 'ttlSeconds'],
    ['a ttlSeconds over the cap', { ttlSeconds: 999_999_999 }, 'ttlSeconds'],
    ['an expiresAt that is not a date', { expiresAt: 'next week' }, 'expiresAt'],
  ])('refuses %s with 400 naming the field, and writes nothing', async (_case, extra, message) => {
    const { status, body } = await write({ actorRef: 'u1', key: 'life-bad', fact: 'Never stored.', ...extra });
    expect(status).toBe(400);
    expect(body.error.message).toContain(message);
    expect(await held('life-bad')).toBeNull();
  });

  it('gives new conclusions the organisation’s default lifetime, and leaves earlier ones alone', async () => {
    const before = await write({ actorRef: 'u1', key: 'life-before-default', fact: 'Written before the default.' });
    expect(before.body.record.expiresAt).toBeUndefined();
    await db.prisma.tenant.update({ where: { ref: 'berlin' }, data: { conclusionLifetimeDays: 180 } });
    try {
      const fresh = await write({ actorRef: 'u1', key: 'life-default', fact: 'Written after the default.' });
      expect(fresh.body.record.expiresAt).toBe(after(180 * 86_400));
      const explicit = await write({ actorRef: 'u1', key: 'life-explicit', fact: 'Its own date.', ttlSeconds: 60 });
      expect(explicit.body.record.expiresAt).toBe(after(60));
      const edited = await write({ actorRef: 'u1', key: 'life-before-default', fact: 'Edited after the default.' });
      expect(edited.body.record.expiresAt).toBeUndefined();
    } finally {
      await db.prisma.tenant.update({ where: { ref: 'berlin' }, data: { conclusionLifetimeDays: null } });
    }
  });

  it('a re-save of an expired conclusion restores it, even with the same text', async () => {
    await write({ actorRef: 'u1', key: 'life-restore', fact: 'Likes the window seat.', ttlSeconds: 60 });
    await db.prisma.agentMemory.update({
      where: { scope_key: { scope: 'actor:u1', key: 'life-restore' } },
      data: { state: 'expired', expiresAt: new Date(SEED_NOW.getTime() - 1000), expiredAt: SEED_NOW },
    });
    const { body } = await write({ actorRef: 'u1', key: 'life-restore', fact: 'Likes the window seat.' });
    expect(body).toMatchObject({ changed: true, record: { version: 2 } });
    expect(body.record.expiresAt).toBeUndefined();
    expect(await held('life-restore')).toMatchObject({ state: 'active', expiresAt: null, expiredAt: null });
  });

  it('is described by the OpenAPI document', () => {
    const schema = JSON.stringify(
      (runtimeOpenApiDocument().paths as unknown as Record<string, { post: { requestBody: unknown; responses: unknown } }>)[
        RUNTIME_PATHS.write
      ]!.post,
    );
    expect(schema).toContain('"expiresAt"');
    expect(schema).toContain('"ttlSeconds"');
    expect(schema).toContain('Give this or ttlSeconds, not both.');
  });
});
