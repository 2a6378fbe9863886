// Where a review group's key may be published (README "Publishing the assistant's conclusions"),
// per persona, with what each place holds now.
import { describe, expect, it } from 'vitest';
import { useSeededDatabase } from '../../testing/seeded-database';
import { errorOf } from '../../testing/trpc-error';

const db = useSeededDatabase();

describe('promotion targets', () => {
  it('offers bob his organisation with what it holds for the key, and not everyone', async () => {
    const bob = await db.callerAs('bob@example.com');
    expect(await bob.promote.promotionTargets({ key: 'meeting-length', tenantRef: 'berlin' })).toEqual([
      { scope: 'tenant:berlin', label: 'Berlin office', kind: 'tenant', current: null },
    ]);
    const [target] = await bob.promote.promotionTargets({ key: 'expense-limit', tenantRef: 'berlin' });
    expect(target!.current).toMatchObject({ text: 'Expenses above 500 EUR need a manager’s approval.', version: 1, author: 'human' });
  });

  it.each([
    ['bob@example.com', 'hamburg', 'NOT_FOUND'],
    ['bob@example.com', 'atlantis', 'NOT_FOUND'],
    ['alice@example.com', 'berlin', 'FORBIDDEN'],
    ['olga@example.com', 'berlin', 'FORBIDDEN'],
    ['hana@example.com', 'hamburg', 'FORBIDDEN'],
    [null, 'berlin', 'UNAUTHORIZED'],
  ])('%s asking for %s: %s', async (email, tenantRef, code) => {
    const error = await errorOf((await db.callerAs(email)).promote.promotionTargets({ key: 'meeting-length', tenantRef }));
    expect(error.code).toBe(code);
    expect(error.message).not.toMatch(/hamburg|atlantis/i);
  });
});
