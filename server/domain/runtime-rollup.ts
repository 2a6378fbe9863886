// Per-minute, per-tenant totals of runtime diagnostics (docs/runtime-api.md "Runtime diagnostics"):
// what the ingest adds to metric_rollup / metric_rollup_write in one upsert, and what /api/metrics
// reports.
import { scopeKind } from './scope-tokens';

/** Upper bounds (inclusive, in characters) of the prompt-size histogram; a last bucket holds the rest. */
export const PROMPT_CHARS_BUCKETS: readonly number[] = [500, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000];

export const MINUTE_MS = 60_000;

export interface ResolvedDiagnostic {
  type: 'memory.resolved';
  atMs: number;
  tenantRef: string;
  /** The turn's scopes; null when the runtime reported only how many there were. */
  scopes: readonly string[] | null;
  offered: number;
  omitted: number;
  pinnedOmitted: number;
  /** How many memories search recalled, or — as the reference library reports it — whether it recalled any. */
  recalled: number | boolean;
  promptChars: number;
}

export interface WrittenDiagnostic {
  type: 'memory.written';
  atMs: number;
  tenantRef: string;
  scope: string;
  chars: number;
}

export type Diagnostic = ResolvedDiagnostic | WrittenDiagnostic;

export interface TurnRollup {
  tenantRef: string;
  minuteMs: number;
  turns: number;
  offered: number;
  omitted: number;
  pinnedOmitted: number;
  turnsPinnedOmitted: number;
  /** Memories recalled, summed over the turns that reported a count (a boolean adds nothing here). */
  recalled: number;
  /** Turns that recalled anything: `recalled: true`, or a count above 0. */
  turnsRecalled: number;
  promptChars: number;
  promptCharsMax: number;
  /** Turns per bucket of PROMPT_CHARS_BUCKETS, then one for larger prompts. */
  promptCharsBuckets: number[];
}

export interface WriteRollup {
  tenantRef: string;
  minuteMs: number;
  scopeKind: string;
  writes: number;
  chars: number;
}

export function minuteOf(atMs: number): number {
  return Math.floor(atMs / MINUTE_MS) * MINUTE_MS;
}

/** Index into promptCharsBuckets of a turn's prompt size. */
export function promptCharsBucket(promptChars: number): number {
  const index = PROMPT_CHARS_BUCKETS.findIndex((bound) => promptChars <= bound);
  return index === -1 ? PROMPT_CHARS_BUCKETS.length : index;
}

function emptyTurns(tenantRef: string, minuteMs: number): TurnRollup {
  return {
    tenantRef,
    minuteMs,
    turns: 0,
    offered: 0,
    omitted: 0,
    pinnedOmitted: 0,
    turnsPinnedOmitted: 0,
    recalled: 0,
    turnsRecalled: 0,
    promptChars: 0,
    promptCharsMax: 0,
    promptCharsBuckets: PROMPT_CHARS_BUCKETS.map(() => 0).concat(0),
  };
}

const byKey = <T extends { tenantRef: string; minuteMs: number }>(a: T & { scopeKind?: string }, b: T & { scopeKind?: string }) =>
  a.tenantRef.localeCompare(b.tenantRef) || a.minuteMs - b.minuteMs || (a.scopeKind ?? '').localeCompare(b.scopeKind ?? '');

/**
 * The rollup rows a batch adds, sorted by key so that concurrent batches lock the same rows in
 * the same order.
 */
export function rollUp(events: readonly Diagnostic[]): { turns: TurnRollup[]; writes: WriteRollup[] } {
  const turns = new Map<string, TurnRollup>();
  const writes = new Map<string, WriteRollup>();
  for (const event of events) {
    const minuteMs = minuteOf(event.atMs);
    if (event.type === 'memory.resolved') {
      const id = `${event.tenantRef}|${minuteMs}`;
      const row = turns.get(id) ?? emptyTurns(event.tenantRef, minuteMs);
      row.turns += 1;
      row.offered += event.offered;
      row.omitted += event.omitted;
      row.pinnedOmitted += event.pinnedOmitted;
      row.turnsPinnedOmitted += event.pinnedOmitted > 0 ? 1 : 0;
      row.recalled += typeof event.recalled === 'number' ? event.recalled : 0;
      row.turnsRecalled += event.recalled === true || (typeof event.recalled === 'number' && event.recalled > 0) ? 1 : 0;
      row.promptChars += event.promptChars;
      row.promptCharsMax = Math.max(row.promptCharsMax, event.promptChars);
      row.promptCharsBuckets[promptCharsBucket(event.promptChars)]! += 1;
      turns.set(id, row);
    } else {
      const kind = scopeKind(event.scope);
      const id = `${event.tenantRef}|${minuteMs}|${kind}`;
      const row = writes.get(id) ?? { tenantRef: event.tenantRef, minuteMs, scopeKind: kind, writes: 0, chars: 0 };
      row.writes += 1;
      row.chars += event.chars;
      writes.set(id, row);
    }
  }
  return { turns: [...turns.values()].sort(byKey), writes: [...writes.values()].sort(byKey) };
}
