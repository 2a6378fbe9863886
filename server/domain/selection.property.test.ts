import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPrecedence } from './precedence';
import { renderBlock } from './render-block';
import { selectForTurn } from './selection';
import type { MemoryRecord } from './types';

const SCOPES = ['actor:u1', 'depot:hh', 'tenant:berlin', 'global'];
const OUTSIDE = ['actor:u2', 'tenant:munich'];
const KEYS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'fiscal-year', 'units'];

// Few keys, scopes and days, so conflicts, pins and timestamp ties are common.
const recordsArb = fc
  .array(
    fc.record({
      key: fc.constantFrom(...KEYS),
      scope: fc.constantFrom(...SCOPES, ...OUTSIDE),
      pinned: fc.boolean(),
      author: fc.constantFrom('human' as const, 'agent' as const),
      day: fc.integer({ min: 1, max: 4 }),
      text: fc.string({ maxLength: 12 }),
    }),
    { maxLength: 30 },
  )
  .map((rows) =>
    rows.map(({ day, ...row }, index): MemoryRecord => ({
      id: `mem_${String(index).padStart(3, '0')}`,
      updatedAt: new Date(Date.UTC(2026, 0, day)),
      ...row,
    })),
  );

const rankingArb = fc.option(fc.shuffledSubarray([...KEYS, 'missing']), { nil: undefined });
const budgetArb = fc.integer({ min: 0, max: 12 });

function select(records: MemoryRecord[], maxMemories: number, ranking: string[] | undefined) {
  const entries = applyPrecedence(records, SCOPES);
  const options = ranking ? { maxMemories, ranking } : { maxMemories };
  return { entries, selection: selectForTurn(entries, SCOPES, options) };
}

describe('selectForTurn invariants', () => {
  it('never carries more than maxMemories entries', () => {
    fc.assert(
      fc.property(recordsArb, budgetArb, rankingArb, (records, maxMemories, ranking) => {
        const { selection } = select(records, maxMemories, ranking);
        expect(selection.entries.length).toBeLessThanOrEqual(maxMemories);
        expect(selection.digest.offered).toBe(selection.entries.length);
      }),
    );
  });

  it('carries one entry per key, and only keys held at the given scopes', () => {
    fc.assert(
      fc.property(recordsArb, budgetArb, rankingArb, (records, maxMemories, ranking) => {
        const { selection } = select(records, maxMemories, ranking);
        const keys = selection.entries.map((e) => e.key);
        expect(new Set(keys).size).toBe(keys.length);
        for (const entry of selection.entries) {
          expect(SCOPES).toContain(entry.scope);
          for (const override of entry.overrides) expect(SCOPES).toContain(override.scope);
        }
      }),
    );
  });

  it('never omits an always-on entry while keeping one that is not', () => {
    fc.assert(
      fc.property(recordsArb, budgetArb, rankingArb, (records, maxMemories, ranking) => {
        const { entries, selection } = select(records, maxMemories, ranking);
        const keptKeys = new Set(selection.entries.map((e) => e.key));
        const alwaysOnOmitted = entries.filter((e) => e.alwaysOn && !keptKeys.has(e.key)).length;
        const ordinaryKept = selection.entries.filter((e) => !e.alwaysOn).length;
        expect(alwaysOnOmitted === 0 || ordinaryKept === 0).toBe(true);
        expect(selection.digest.pinnedOmitted).toBe(alwaysOnOmitted);
      }),
    );
  });

  it('accounts for every applicable key as either offered or omitted', () => {
    fc.assert(
      fc.property(recordsArb, budgetArb, rankingArb, (records, maxMemories, ranking) => {
        const { selection } = select(records, maxMemories, ranking);
        const applicableKeys = new Set(records.filter((r) => SCOPES.includes(r.scope)).map((r) => r.key));
        expect(selection.digest.offered + selection.digest.omitted).toBe(applicableKeys.size);
        expect(selection.partial).toBe(selection.digest.omitted > 0 || ranking !== undefined);
        expect(selection.digest.recalled).toBeLessThanOrEqual(selection.digest.offered);
        expect(selection.digest.promptChars).toBe(renderBlock(selection).text.length);
      }),
    );
  });

  it('renders the same block however the input records are ordered', () => {
    const shuffledArb = recordsArb.chain((records) =>
      fc.tuple(fc.constant(records), fc.shuffledSubarray(records, { minLength: records.length })),
    );
    fc.assert(
      fc.property(shuffledArb, budgetArb, rankingArb, ([records, shuffled], maxMemories, ranking) => {
        const original = select(records, maxMemories, ranking).selection;
        const reordered = select(shuffled, maxMemories, ranking).selection;
        expect(renderBlock(reordered).text).toBe(renderBlock(original).text);
        expect(reordered).toEqual(original);
      }),
    );
  });
});
