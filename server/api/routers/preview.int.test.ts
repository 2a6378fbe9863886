// preview.members and preview.member (docs/features.md "Member preview"): an administrator sees the
// block a member's next turn would carry — the same preview the member sees — and nobody else's.
import { describe, expect, it } from 'vitest';
import { GLOBAL_ADMIN } from '../../testing/audit-fixtures';
import { useSeededDatabase } from '../../testing/seeded-database';
import { errorOf } from '../../testing/trpc-error';

const db = useSeededDatabase();
const ALICE = 'alice@example.com';
const BOB = 'bob@example.com';
const HANA = 'hana@example.com';

describe('preview.member', () => {
  it('shows bob exactly the preview alice sees of her own next turn', async () => {
    const own = await (await db.callerAs(ALICE)).memories.preview();
    const seen = await (await db.callerAs(BOB)).preview.member({ userId: await db.userId(ALICE) });
    expect(seen.member).toMatchObject({
      name: 'Alice Adler',
      email: ALICE,
      actorRef: 'u1',
      tenantName: 'Berlin office',
      ownScope: 'actor:u1',
      organisationScope: 'tenant:berlin',
    });
    expect(seen.preview).toEqual(own);
    expect(seen.preview.block.text).toContain('The fiscal year starts in October.');
  });

  it('answers NOT_FOUND to bob for a person of another tenant, and for an id that names nobody', async () => {
    const bob = await db.callerAs(BOB);
    for (const userId of [await db.userId(HANA), 'usr_01K0000000000000000000ZZZZ', 'nonsense']) {
      const error = await errorOf(bob.preview.member({ userId }));
      expect(error.code).toBe('NOT_FOUND');
      expect(error.message).toBe('That person does not exist or is not visible to you.');
    }
  });

  it('lets a global administrator preview any tenant, with that tenant’s budget', async () => {
    const seen = await (await db.callerAs(GLOBAL_ADMIN)).preview.member({ userId: await db.userId(HANA) });
    expect(seen.preview.maxMemories).toBe(5);
    expect(seen.preview.digest.pinnedOmitted).toBeGreaterThan(0);
  });

  it("names hana's depot by its label, and alice's preview no group", async () => {
    expect((await (await db.callerAs(HANA)).memories.preview()).scopeLabels).toEqual({ 'depot:hh': 'Hamburg depot' });
    expect((await (await db.callerAs(ALICE)).memories.preview()).scopeLabels).toEqual({});
  });

  it.each([ALICE, 'olga@example.com', HANA])('refuses %s, who administers nothing, even their own preview here', async (email) => {
    const caller = await db.callerAs(email);
    expect((await errorOf(caller.preview.member({ userId: await db.userId(ALICE) }))).code).toBe('FORBIDDEN');
    expect((await errorOf(caller.preview.members({}))).code).toBe('FORBIDDEN');
  });
});

describe('preview.members', () => {
  it('lists the people of the tenants bob administers, searchable by name or address', async () => {
    const bob = await db.callerAs(BOB);
    const all = await bob.preview.members({});
    expect(all.map((person) => person.email)).toContain(ALICE);
    expect(all.every((person) => person.tenantName === 'Berlin office')).toBe(true);
    expect((await bob.preview.members({ query: 'ADLER' })).map((person) => person.email)).toEqual([ALICE]);
    expect(await bob.preview.members({ query: 'hana' })).toEqual([]);
  });

  it('lists the people of every tenant for a global administrator', async () => {
    const everyone = await (await db.callerAs(GLOBAL_ADMIN)).preview.members({});
    expect(new Set(everyone.map((person) => person.tenantName))).toEqual(new Set(['Berlin office', 'Hamburg warehouse']));
  });
});

describe('memories.list for an administrator', () => {
  it('marks the shared rows bob administers, and none for alice', async () => {
    const bobs = (await (await db.callerAs(BOB)).memories.list()).memories;
    const flags = Object.fromEntries(bobs.map((memory) => [memory.key, memory.administered]));
    expect(flags).toMatchObject({ 'data-retention': true, 'expense-limit': true, units: false, 'team-size': false });
    const alices = (await (await db.callerAs(ALICE)).memories.list()).memories;
    expect(alices.some((memory) => memory.administered)).toBe(false);
  });
});
