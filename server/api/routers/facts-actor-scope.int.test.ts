// facts.save at a person's own scope is refused by the one write path's rule (docs/concepts.md
// "Who may write where"): 403 for an administrator of that person, 404 for anyone else, and a
// publication never lands at the administrator's own scope either.
import { describe, expect, it } from 'vitest';
import { addHamburgAdmin, BOB, GINA, HAMBURG_ADMIN } from '../../testing/facts-personas';
import { useSeededDatabase } from '../../testing/seeded-database';
import { errorOf, reasonOf } from '../../testing/trpc-error';

const db = useSeededDatabase();

async function refusal(email: string, scope: string): Promise<string> {
  const caller = await db.callerAs(email);
  const error = await errorOf(caller.facts.save({ scope, key: 'actor-scope-check', text: 'Written in someone’s name.' }));
  return `${error.code} ${reasonOf(error) ?? ''}`.trim();
}

describe('facts.save at an actor scope', () => {
  it.each([
    ['bob at a Berlin person he administers', BOB, 'actor:u1', 'FORBIDDEN ANOTHER_PERSONS_SCOPE'],
    ['bob at a Hamburg person', BOB, 'actor:h1', 'NOT_FOUND SCOPE_NOT_APPLICABLE'],
    ['bob at a person who does not exist', BOB, 'actor:nobody', 'NOT_FOUND'],
    ['gina (global) at anyone', GINA, 'actor:h1', 'FORBIDDEN ANOTHER_PERSONS_SCOPE'],
    ['gina at her own scope', GINA, 'actor:g1', 'BAD_REQUEST'],
  ])('%s', async (_name, email, scope, expected) => {
    const before = await db.prisma.agentMemory.count();
    expect(await refusal(email, scope)).toBe(expected);
    expect(await db.prisma.agentMemory.count()).toBe(before);
  });

  it('refuses a Hamburg administrator at a Hamburg person, not at a Berlin one', async () => {
    await addHamburgAdmin(db);
    expect(await refusal(HAMBURG_ADMIN, 'actor:h2')).toBe('FORBIDDEN ANOTHER_PERSONS_SCOPE');
    expect(await refusal(HAMBURG_ADMIN, 'actor:u1')).toBe('NOT_FOUND SCOPE_NOT_APPLICABLE');
  });
});
