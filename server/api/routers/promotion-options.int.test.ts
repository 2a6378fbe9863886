// Where a review group's key may be published (docs/features.md "Publishing the assistant's
// conclusions"), per persona, with what each place holds now.
import { describe, expect, it } from 'vitest';
import { useSeededDatabase } from '../../testing/seeded-database';
import { errorOf } from '../../testing/trpc-error';

const db = useSeededDatabase();

describe('promotion options', () => {
  it('offers bob his organisation with what it holds for the key, and not everyone', async () => {
    const bob = await db.callerAs('bob@example.com');
    const options = await bob.review.promotionOptions({ key: 'meeting-length', tenantRef: 'berlin' });
    expect(options.targets).toEqual([{ scope: 'tenant:berlin', label: 'Berlin office', kind: 'tenant', maxFactChars: 240, current: null }]);
    const [target] = (await bob.review.promotionOptions({ key: 'expense-limit', tenantRef: 'berlin' })).targets;
    expect(target!.current).toMatchObject({ text: 'Expenses above 500 EUR need a manager’s approval.', version: 1, author: 'human' });
  });

  it('lists the assistant’s conclusions of the key about Berlin people, with whose they are', async () => {
    const options = await (await db.callerAs('bob@example.com')).review.promotionOptions({ key: 'meeting-length', tenantRef: 'berlin' });
    expect(options.sourceCount).toBe(5);
    expect(options.sources.map((source) => source.actorRef).sort()).toEqual(['u1', 'u2', 'u4', 'u5', 'u6']);
    expect(options.sources.find((source) => source.actorRef === 'u5')).toMatchObject({
      personName: 'Deniz Demir',
      text: 'Prefers short meetings, about 30 minutes.',
    });
  });

  it.each([
    ['bob@example.com', 'hamburg', 'NOT_FOUND'],
    ['bob@example.com', 'atlantis', 'NOT_FOUND'],
    ['alice@example.com', 'berlin', 'FORBIDDEN'],
    ['olga@example.com', 'berlin', 'FORBIDDEN'],
    ['hana@example.com', 'hamburg', 'FORBIDDEN'],
    [null, 'berlin', 'UNAUTHORIZED'],
  ])('%s asking for %s: %s', async (email, tenantRef, code) => {
    const error = await errorOf((await db.callerAs(email)).review.promotionOptions({ key: 'meeting-length', tenantRef }));
    expect(error.code).toBe(code);
    expect(error.message).not.toMatch(/hamburg|atlantis/i);
  });
});
