// The runtime erasing what a person said about themselves. With a memories:write token the
// assistant could forget a person's own statement (204) and then write its own conclusion under
// the key the write verdict had protected (409 before, 200 after), with no audit row for any of
// it. Now it forgets only its own conclusions, acts only for active people of its organisation,
// and every forget it makes is audited with its token. Races with "Keep mine" run on PostgreSQL
// as well as PGlite.
import { beforeAll, describe, expect, it } from 'vitest';
import { INSTALLER_ACTOR_REF } from '../services/seed/demo-data';
import { verifyAuditLog } from '../services/audit/verify-audit-log';
import { callRuntime } from '../testing/runtime-memories';
import { tokenSecret } from '../testing/runtime-tokens';
import { useSeededDatabase } from '../testing/seeded-database';
import { errorOf } from '../testing/trpc-error';

const db = useSeededDatabase();
let berlin: string;

beforeAll(async () => {
  berlin = (await tokenSecret(db, 'gina@example.com', 'berlin', ['memories:read', 'memories:write'])).secret;
});

const write = (body: Record<string, unknown>) => callRuntime(db, berlin, 'write', body);
const forget = (actorRef: string, id: string) => callRuntime(db, berlin, 'forget', { actorRef, id });

describe('a person’s own statement, through the runtime', () => {
  it('cannot be forgotten, so the assistant cannot write over it afterwards; the refusals change nothing', async () => {
    const own = await db.prisma.agentMemory.findUniqueOrThrow({ where: { scope_key: { scope: 'actor:u1', key: 'team' } } });
    expect(own.author).toBe('human');
    const audit = await db.prisma.auditEvent.count();

    const first = await write({ actorRef: 'u1', key: 'team', fact: 'Works in sales.' });
    expect(first).toMatchObject({ status: 409, body: { error: { reason: 'REPLACES_OWN_STATEMENT' } } });

    const erased = await forget('u1', own.id);
    expect(erased.status).toBe(409);
    expect(erased.body.error).toMatchObject({ code: 'CONFLICT', reason: 'PERSONS_OWN_STATEMENT' });
    expect(erased.body.error.message).toContain('console');

    const again = await write({ actorRef: 'u1', key: 'team', fact: 'Works in sales.' });
    expect(again).toMatchObject({ status: 409, body: { error: { reason: 'REPLACES_OWN_STATEMENT' } } });
    expect(await db.prisma.agentMemory.findUnique({ where: { id: own.id } })).toEqual(own);
    expect(await db.prisma.auditEvent.count()).toBe(audit);
  });
});

describe('whom the runtime may act for', () => {
  beforeAll(async () => {
    await db.prisma.user.update({ where: { email: 'deniz@example.com' }, data: { disabled: true } });
  });

  it.each([
    ['the system principal', INSTALLER_ACTOR_REF],
    ['a disabled person', 'u5'],
  ])('refuses %s exactly as an unknown person: 403 ACTOR_OUTSIDE_TENANT, nothing written or forgotten', async (_who, actorRef) => {
    const unknown = await write({ actorRef: 'nobody', key: 'coffee', fact: 'Drinks tea.' });
    expect(unknown).toMatchObject({ status: 403, body: { error: { code: 'FORBIDDEN', reason: 'ACTOR_OUTSIDE_TENANT' } } });

    const before = await db.prisma.agentMemory.count({ where: { scope: `actor:${actorRef}` } });
    const written = await write({ actorRef, key: 'coffee', fact: 'Drinks tea.' });
    expect(written.status).toBe(403);
    expect(written.body.error).toEqual({ ...unknown.body.error, message: unknown.body.error.message.replace('nobody', actorRef) });

    const held = await db.prisma.agentMemory.findFirst({ where: { scope: `actor:${actorRef}` } });
    if (held) {
      const forgotten = await forget(actorRef, held.id);
      expect(forgotten).toMatchObject({ status: 403, body: { error: { reason: 'ACTOR_OUTSIDE_TENANT' } } });
    }
    expect(await db.prisma.agentMemory.count({ where: { scope: `actor:${actorRef}` } })).toBe(before);
  });
});

describe('every forget the runtime makes', () => {
  it('leaves an audit row naming its token and the person, without key or text, and the chain still verifies', async () => {
    const { id: tokenId, secret } = await tokenSecret(db, 'bob@example.com', 'berlin', ['memories:write']);
    const { body } = await callRuntime(db, secret, 'write', { actorRef: 'u2', key: 'audited-forget', fact: 'Likes long walks.' });
    expect((await callRuntime(db, secret, 'forget', { actorRef: 'u2', id: body.record.id })).status).toBe(204);

    const rows = await db.prisma.auditEvent.findMany({ where: { memoryId: body.record.id } });
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'memory.forgotten-by-runtime',
        tokenId,
        userId: null,
        actorRef: 'u2',
        scope: 'actor:u2',
        tenantRef: 'berlin',
        key: null,
        before: null,
        after: null,
      }),
    ]);
    expect((await verifyAuditLog({ ctx: db.ctx })).breaks).toEqual([]);

    // An administrator reads who did it on the Audit page.
    const page = await (await db.callerAs('bob@example.com')).audit.list({ action: 'memory.forgotten-by-runtime' });
    expect(page.rows[0]).toMatchObject({
      memoryId: body.record.id,
      token: { id: tokenId, name: expect.any(String) },
      person: { userId: null, actorRef: 'u2' },
    });
  });
});

describe('a runtime forget racing the person’s “Keep mine” of the same conclusion', () => {
  it('lets exactly one of them win, and the record ends as the winner left it', async () => {
    const alice = await db.callerAs('alice@example.com');
    const conclusions = await Promise.all(
      Array.from(
        { length: 12 },
        async (_, index) => (await write({ actorRef: 'u1', key: `keep-or-forget-${index}`, fact: `Guess number ${index}.` })).body.record,
      ),
    );
    const outcomes = await Promise.all(
      conclusions.map(async (record: { id: string; key: string; version: number }) => {
        const [forgot, kept] = await Promise.all([
          forget('u1', record.id),
          alice.memories.keepMine({ id: record.id, expectedVersion: record.version }).then(
            () => 'kept',
            async (error: unknown) => (await errorOf(Promise.reject(error))).code,
          ),
        ]);
        const after = await db.prisma.agentMemory.findUnique({ where: { scope_key: { scope: 'actor:u1', key: record.key } } });
        return { forgot: forgot.status, reason: forgot.body?.error?.reason, kept, after: after?.author ?? 'gone' };
      }),
    );
    for (const outcome of outcomes) {
      expect([
        { forgot: 204, reason: undefined, kept: outcome.kept, after: 'gone' },
        { forgot: 409, reason: 'PERSONS_OWN_STATEMENT', kept: 'kept', after: 'human' },
      ]).toContainEqual(outcome);
      if (outcome.forgot === 204) expect(outcome.kept).not.toBe('kept');
    }
    expect((await verifyAuditLog({ ctx: db.ctx })).breaks).toEqual([]);
  });
});
