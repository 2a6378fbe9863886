// What one turn of the assistant carries: always-on entries first, then relevance or narrowness.
import { byNarrowestThenNewest, byScopeThenKey, scopeOrder } from './ordering';
import { renderBlock } from './render-block';
import type { ResolvedEntry, Selection } from './types';

export const DEFAULT_MAX_MEMORIES = 20;

export interface SelectionOptions {
  /** Lines one turn may carry (one line per key). */
  maxMemories: number;
  /** Keys in relevance order from a search; when given, only ranked keys fill the room pins leave. */
  ranking?: string[];
}

export function selectForTurn(entries: readonly ResolvedEntry[], scopes: readonly string[], options: SelectionOptions): Selection {
  const { maxMemories, ranking } = options;
  if (!Number.isSafeInteger(maxMemories) || maxMemories < 0) {
    throw new RangeError(`maxMemories must be a whole number of 0 or more (got ${maxMemories})`);
  }
  const order = scopeOrder(scopes);
  const survivalOrder = byNarrowestThenNewest(order);

  // Same backstop as precedence, plus one line per key even if a caller skipped precedence.
  const byKey = new Map<string, ResolvedEntry>();
  for (const entry of [...entries].sort(survivalOrder)) {
    if (order.includes(entry.scope) && !byKey.has(entry.key)) byKey.set(entry.key, entry);
  }
  const candidates = [...byKey.values()];

  // Pins are a budget, not a sort key: they take room first, but the ceiling still bites, and the
  // ones that do not fit are counted apart because that count is what an operator alerts on.
  const pinned = candidates.filter((entry) => entry.alwaysOn).sort(survivalOrder);
  const keptPinned = pinned.slice(0, maxMemories);
  const pinnedOmitted = pinned.length - keptPinned.length;
  const room = maxMemories - keptPinned.length;

  const rest = candidates.filter((entry) => !entry.alwaysOn);
  let filled: ResolvedEntry[];
  if (ranking) {
    const restByKey = new Map(rest.map((entry) => [entry.key, entry]));
    const rankedKeys = [...new Set(ranking)];
    filled = rankedKeys
      .map((key) => restByKey.get(key))
      .filter((entry): entry is ResolvedEntry => entry !== undefined)
      .slice(0, room);
  } else {
    // Without an index, dropping the widest and stalest first is the least-bad blind choice.
    filled = [...rest].sort(survivalOrder).slice(0, room);
  }

  return describeSelection([...keptPinned, ...filled], scopes, {
    candidates: candidates.length,
    pinnedOmitted,
    recalled: ranking ? filled.length : 0,
    ranked: ranking !== undefined,
  });
}

export interface SelectionCounts {
  /** Entries the turn could have carried (one per key). */
  candidates: number;
  /** Always-on entries that did not fit. */
  pinnedOmitted: number;
  /** Entries chosen by a search ranking. */
  recalled: number;
  /** A search ranking chose the entries, so the block is partial even when nothing was left out. */
  ranked: boolean;
}

/** A selection from the entries a turn keeps and what was counted around them. */
export function describeSelection(keptEntries: readonly ResolvedEntry[], scopes: readonly string[], counts: SelectionCounts): Selection {
  const kept = [...keptEntries].sort(byScopeThenKey(scopeOrder(scopes)));
  const omitted = counts.candidates - kept.length;
  const selection: Selection = {
    entries: kept,
    partial: omitted > 0 || counts.ranked,
    digest: {
      scopes: [...scopes],
      offered: kept.length,
      omitted,
      pinnedOmitted: counts.pinnedOmitted,
      recalled: counts.recalled,
      promptChars: 0,
    },
  };
  selection.digest.promptChars = renderBlock(selection).text.length;
  return selection;
}
