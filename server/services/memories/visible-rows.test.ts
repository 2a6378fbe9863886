// The module's conditions are the domain's rule (memory-life.ts) written for the database; the
// property test (visible-rows.int.test.ts) runs them. Here: they are built from the domain's states
// and scope kinds, and take the moment as a parameter.
import { describe, expect, it } from 'vitest';
import { ACTOR_KIND, isOffered, MEMORY_STATES } from '../../domain';
import { actorRefOfScopeSql, offeredSql, offeredWhere, personalScopeSql } from './visible-rows';

const now = new Date(Date.UTC(2026, 5, 1, 12));

describe('the visible-rows conditions', () => {
  it('offer the one state the domain offers (a second offered state would need the module to change)', () => {
    const offered = MEMORY_STATES.filter((state) => isOffered({ state, expiresAt: null }, now));
    expect(offered).toHaveLength(1);
    expect(offeredWhere(now)).toEqual({ AND: [{}, { state: offered[0], OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }] });
    expect(offeredSql('m', now).text).toContain(`"m"."state" = '${offered[0]}'`);
  });

  it('take the moment as a parameter, never the database clock', () => {
    const sql = offeredSql('m', now);
    expect(sql.values).toEqual([now.toISOString()]);
    expect(sql.text).not.toMatch(/now\(\)|current_timestamp|localtimestamp/i);
  });

  it("parse a person's scope from the domain's scope kind", () => {
    expect(personalScopeSql('m').text).toBe(`"m"."scope" LIKE '${ACTOR_KIND}:%'`);
    expect(actorRefOfScopeSql('m').text).toBe(`substr("m"."scope", ${ACTOR_KIND.length + 2})`);
  });

  it('refuse anything but a plain alias', () => {
    expect(() => offeredSql('m"; DROP TABLE x; --', now)).toThrow(/Not a table alias/);
  });
});
