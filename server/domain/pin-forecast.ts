// The pin budget forecast (docs/concepts.md "Always-on memories and the budget"): for groups of
// people who share one set of scopes, how many would carry more always-on keys than their turn
// holds, and which pins would not fit. It asks the same precedence and selection every turn uses.
import { applyPrecedence } from './precedence';
import { selectForTurn } from './selection';
import type { MemoryRecord } from './types';

/** People who share the same shared scopes (narrowest first, no actor scope) and the same budget. */
export interface ScopeGroup {
  scopes: string[];
  people: number;
  maxMemories: number;
}

export interface DroppedPin {
  id: string;
  scope: string;
  key: string;
}

export type GroupForecast<G extends ScopeGroup = ScopeGroup> = G & {
  /** Always-on keys one person of the group carries before the budget. */
  pinnedKeys: number;
  /** Always-on keys that do not fit for each person of the group. */
  pinnedOmitted: number;
  /** The pins that do not fit (ranked last by narrowness and recency). */
  dropped: DroppedPin[];
};

export interface PinForecast<G extends ScopeGroup = ScopeGroup> {
  /** People in all groups. */
  people: number;
  /** People whose turn would leave out at least one always-on key (pinnedOmitted > 0). */
  peopleOver: number;
  /** Only the groups whose people are over the budget. */
  groups: GroupForecast<G>[];
}

/** What one person with these scopes would carry: computed once per group. */
export function forecastGroup<G extends ScopeGroup>(records: readonly MemoryRecord[], group: G): GroupForecast<G> {
  const entries = applyPrecedence(records, group.scopes);
  const selection = selectForTurn(entries, group.scopes, { maxMemories: group.maxMemories });
  const kept = new Set(selection.entries.map((entry) => entry.key));
  const pinned = entries.filter((entry) => entry.alwaysOn);
  const dropped = pinned.filter((entry) => !kept.has(entry.key)).map((entry) => ({ id: entry.id, scope: entry.scope, key: entry.key }));
  return { ...group, pinnedKeys: pinned.length, pinnedOmitted: selection.digest.pinnedOmitted, dropped };
}

/** The forecast over every group: one computation per distinct scope set, counted by its people. */
export function forecastPins<G extends ScopeGroup>(records: readonly MemoryRecord[], groups: readonly G[]): PinForecast<G> {
  let people = 0;
  let peopleOver = 0;
  const over: GroupForecast<G>[] = [];
  for (const group of groups) {
    people += group.people;
    const forecast = forecastGroup(records, group);
    if (forecast.pinnedOmitted > 0) {
      peopleOver += group.people;
      over.push(forecast);
    }
  }
  return { people, peopleOver, groups: over };
}

/** The records as they would be with (scope, key) pinned or unpinned; a new fact is added. */
export function withPin(
  records: readonly MemoryRecord[],
  target: { scope: string; key: string; pinned: boolean; updatedAt: Date },
): MemoryRecord[] {
  const found = records.some((record) => record.scope === target.scope && record.key === target.key);
  const changed = records.map((record) =>
    record.scope === target.scope && record.key === target.key ? { ...record, pinned: target.pinned } : record,
  );
  if (found) return changed;
  const draft: MemoryRecord = {
    id: 'draft',
    key: target.key,
    text: '',
    scope: target.scope,
    pinned: target.pinned,
    author: 'human',
    updatedAt: target.updatedAt,
  };
  return [...changed, draft];
}
