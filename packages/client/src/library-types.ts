// The reference assistant library's memory SPI, written from its documentation (its current release
// is not on the registry this package is built against): a MemoryProvider of plain functions the
// library calls detached (never as methods), and the ScopeResolver skills and memory share.

/** Who wrote a memory: the assistant (`agent`) or a person (`human`). */
export type MemoryAuthor = 'agent' | 'human';

export interface MemoryOrigin {
  author: MemoryAuthor;
  threadId?: string;
  runId?: string;
  /** The person the record is about, for a record at `actor:<ref>`. */
  actorRef?: string;
}

export interface MemoryRecord {
  id: string;
  key: string;
  text: string;
  /** An opaque scope token: `actor:u1`, `depot:hh`, `tenant:berlin`, `global`. */
  scope: string;
  /** Always carried, whatever the turn is about (within the budget). */
  pinned: boolean;
  origin: MemoryOrigin;
  updatedAt?: string;
  expiresAt?: string;
}

export interface MemoryProvider {
  /** Every record at the scopes. Asked on every turn. */
  list: (args: { scopes: readonly string[] }) => Promise<MemoryRecord[]>;
  /** Deletes one record; whether there was one to delete. */
  forget: (args: { id: string; scope?: string; actor?: { id: string } }) => Promise<boolean>;
  /** Upsert on (scope, key). */
  write?: (args: { key: string; text: string; scope: string; origin: MemoryOrigin }) => Promise<MemoryRecord | void>;
  /**
   * Filters to the scopes, ranks keys by relevance to the turn's own words and takes the best
   * `limit`, then returns every record of those keys plus every pinned record at the scopes.
   */
  search?: (args: { scopes: readonly string[]; query: string; limit: number }) => Promise<MemoryRecord[]>;
}

export interface ScopeActor {
  id: string;
  tenantRef?: string;
}

/** The scopes that apply to a turn, most specific first: the order is the precedence. */
export interface ScopeResolver {
  resolve: (args: { actor: ScopeActor }) => Promise<string[]>;
}

/** What the library publishes on its diagnostics channels: `{ v, ts, lib, event, traceId?, payload }`. */
export interface DiagnosticsEnvelope {
  v: 1;
  ts?: string | number;
  lib: string;
  event: 'memory.resolved' | 'memory.written';
  traceId?: string;
  payload: Record<string, unknown>;
}
