// audit.list (docs/operations.md "Audit log"): administrators only, within the tenants they
// administer, filtered, keyset paged; through createCaller against a real database.
import { beforeAll, describe, expect, it } from 'vitest';
import { GLOBAL_ADMIN, saveAs } from '../../testing/audit-fixtures';
import { useSeededDatabase } from '../../testing/seeded-database';
import { errorOf } from '../../testing/trpc-error';

const db = useSeededDatabase();
const BOB = 'bob@example.com';

beforeAll(async () => {
  await saveAs(db, BOB, 'tenant:berlin', 'audit-list-a', 'First words, "quoted".');
  await saveAs(db, BOB, 'tenant:berlin', 'audit-list-a', 'Second words.');
});

async function everything(email: string, filter: Record<string, string> = {}, limit = 100) {
  const caller = await db.callerAs(email);
  const rows = [];
  let after: string | undefined;
  for (;;) {
    const page = await caller.audit.list({ ...filter, after, limit });
    rows.push(...page.rows);
    if (!page.nextCursor) return rows;
    after = page.nextCursor;
  }
}

describe('audit.list', () => {
  it.each(['alice@example.com', 'olga@example.com', 'hana@example.com'])('refuses %s, who administers nothing', async (email) => {
    const error = await errorOf((await db.callerAs(email)).audit.list({ limit: 10 }));
    expect(error.code).toBe('FORBIDDEN');
  });

  it('refuses a signed-out caller', async () => {
    expect((await errorOf((await db.callerAs(null)).audit.list({ limit: 10 }))).code).toBe('UNAUTHORIZED');
  });

  it('shows bob the Berlin rows only: no Hamburg rows, no rows of the global chain', async () => {
    const rows = await everything(BOB);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.tenantRef))).toEqual(new Set(['berlin']));
    const total = await db.prisma.auditEvent.count({ where: { tenantRef: 'berlin' } });
    expect(rows).toHaveLength(total);
  });

  it('shows a global administrator every row, of every tenant and of no tenant', async () => {
    const rows = await everything(GLOBAL_ADMIN);
    expect(rows).toHaveLength(await db.prisma.auditEvent.count());
    expect(new Set(rows.map((row) => row.tenantRef))).toEqual(new Set(['berlin', 'hamburg', null]));
  });

  it('pages by keyset without missing or repeating a row, newest first', async () => {
    const all = await everything(GLOBAL_ADMIN);
    const paged = await everything(GLOBAL_ADMIN, {}, 3);
    expect(paged.map((row) => row.id)).toEqual(all.map((row) => row.id));
    expect(new Set(paged.map((row) => row.id)).size).toBe(paged.length);
    for (let i = 1; i < paged.length; i++) {
      const [newer, older] = [paged[i - 1]!, paged[i]!];
      expect(newer.at > older.at || (newer.at.getTime() === older.at.getTime() && newer.id > older.id)).toBe(true);
    }
  });

  it('filters by key, scope, action, person and time', async () => {
    const byKey = await everything(BOB, { key: 'audit-list-a' });
    expect(byKey.map((row) => row.after)).toEqual([
      expect.objectContaining({ text: 'Second words.', version: 2 }),
      expect.objectContaining({ text: 'First words, "quoted".', version: 1 }),
    ]);
    expect(byKey[0]).toMatchObject({
      person: { email: BOB, name: 'Bob Brandt' },
      undoable: true,
      before: { text: 'First words, "quoted".' },
    });
    expect((await everything(BOB, { scope: 'tenant:berlin' })).every((row) => row.scope === 'tenant:berlin')).toBe(true);
    expect((await everything(BOB, { action: 'memory.published' })).every((row) => row.action === 'memory.published')).toBe(true);
    const bobs = await everything(GLOBAL_ADMIN, { person: 'BOB@example.com' });
    expect(bobs.length).toBeGreaterThan(0);
    expect(bobs.every((row) => row.person.email === BOB)).toBe(true);
    expect(await everything(BOB, { person: 'u1' })).toEqual((await everything(BOB)).filter((row) => row.person.actorRef === 'u1'));
    expect(await everything(BOB, { from: '2100-01-01T00:00:00Z' })).toEqual([]);
    expect((await everything(BOB, { to: '2100-01-01T00:00:00Z' })).length).toBeGreaterThan(0);
  });

  it('keeps neither key nor text of a personal-scope row, and does not offer to undo it', async () => {
    const personal = (await everything(BOB)).filter((row) => row.scope === 'actor:u1');
    expect(personal.length).toBeGreaterThan(0);
    for (const row of personal) {
      expect(row.key).toBeNull();
      expect(row.undoable).toBe(false);
      expect(JSON.stringify(row.after)).not.toContain('text');
    }
  });

  it('names the field and its limit for bad input', async () => {
    const caller = await db.callerAs(BOB);
    const tooMany = await errorOf(caller.audit.list({ limit: 101 }));
    expect(tooMany.code).toBe('BAD_REQUEST');
    expect(tooMany.message).toContain('limit must be at most 100');
    const badCursor = await errorOf(caller.audit.list({ limit: 5, after: 'not-a-cursor' }));
    expect(badCursor.code).toBe('BAD_REQUEST');
    expect(badCursor.message).toContain('after');
    const badDate = await errorOf(caller.audit.list({ limit: 5, from: 'yesterday' }));
    expect(badDate.message).toContain('from must be a date and time');
    expect((await errorOf(caller.audit.list({ limit: 5, key: 'k'.repeat(65) }))).message).toContain('key must be at most 64 characters');
  });
});
