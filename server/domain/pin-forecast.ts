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

// ── Ordinary memories ────────────────────────────────────────────────────────────────────────────

/** One person as the ordinary-memory forecast sees them: their scopes (their own first) and the records there. */
export interface ForecastPerson {
  name: string;
  /** Every scope of the person, narrowest first, their own (`actor:…`) included. */
  scopes: readonly string[];
  /** The records offered at those scopes (a caller may pass more: precedence keeps only these scopes). */
  records: readonly MemoryRecord[];
}

export interface PersonOrdinaryLoss {
  name: string;
  /** Ordinary (not always-on) memories one turn carries with the current limit, and with the new one. */
  carriedBefore: number;
  carriedAfter: number;
  /** How many of them would no longer fit in a turn. */
  lost: number;
}

export interface OrdinaryForecast {
  /** People looked at. */
  people: number;
  /** People who would lose at least one ordinary memory from each turn. */
  peopleLosing: number;
  /** Ordinary memories lost over all of them. */
  memoriesLost: number;
  /** Those who lose most first (then by name), at most `top` of them. */
  top: PersonOrdinaryLoss[];
}

/**
 * How many ordinary memories one person's turn carries at a limit: the same precedence and selection
 * every turn uses (always-on ones take their room first), counting what is not always on.
 */
export function ordinaryCarried(records: readonly MemoryRecord[], scopes: readonly string[], maxMemories: number): number {
  const entries = applyPrecedence(records, scopes);
  return selectForTurn(entries, scopes, { maxMemories }).entries.filter((entry) => !entry.alwaysOn).length;
}

/** What changing the per-turn limit from `before` to `after` does to each person's ordinary memories. */
export function forecastOrdinary(people: readonly ForecastPerson[], before: number, after: number, top: number): OrdinaryForecast {
  const losses: PersonOrdinaryLoss[] = [];
  let memoriesLost = 0;
  for (const person of people) {
    const carriedBefore = ordinaryCarried(person.records, person.scopes, before);
    const carriedAfter = ordinaryCarried(person.records, person.scopes, after);
    const lost = Math.max(0, carriedBefore - carriedAfter);
    if (lost === 0) continue;
    memoriesLost += lost;
    losses.push({ name: person.name, carriedBefore, carriedAfter, lost });
  }
  losses.sort((a, b) => b.lost - a.lost || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { people: people.length, peopleLosing: losses.length, memoriesLost, top: losses.slice(0, top) };
}
