// Whether an audited change to a shared record can be undone now, and what undoing it writes
// (docs/operations.md "Audit log"). Undo restores the record's state before the change, but only
// when nothing happened to the record since; otherwise it says what did.

/** The parts of a memory an audit row keeps for a shared scope (see write-memory.ts). */
export interface AuditedMemory {
  key: string;
  text: string;
  pinned: boolean;
  version: number;
}

/** Actions that change one shared record and keep its state before and after. */
export const UNDOABLE_ACTIONS = [
  'memory.saved',
  'memory.published',
  'memory.promoted',
  'memory.deleted',
  'memory.pinned',
  'memory.unpinned',
  'audit.undone',
] as const;

export interface UndoRequest {
  action: string;
  /** Null for a person's own scope: such rows keep no key or text. */
  key: string | null;
  before: unknown;
  after: unknown;
  /** The record the row is about. */
  memoryId: string | null;
  /** The record at the row's scope and key as it is now, or null when there is none. */
  current: { id: string; version: number } | null;
}

export type UndoVerdict =
  | { outcome: 'restore'; text: string; pinned: boolean; expectedVersion: number }
  | { outcome: 'remove'; expectedVersion: number }
  | { outcome: 'recreate'; text: string; pinned: boolean }
  | { outcome: 'conflict'; reason: 'CHANGED_SINCE' | 'DELETED_SINCE' | 'RECREATED_SINCE' }
  | { outcome: 'not_undoable'; reason: 'PERSONAL_SCOPE' | 'NOT_A_RECORD_CHANGE' };

function asMemory(value: unknown): AuditedMemory | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const { key, text, pinned, version } = record;
  if (typeof key !== 'string' || typeof text !== 'string' || typeof pinned !== 'boolean' || typeof version !== 'number') return null;
  return { key, text, pinned, version };
}

export function isUndoableAction(action: string): boolean {
  return (UNDOABLE_ACTIONS as readonly string[]).includes(action);
}

export function decideUndo({ action, key, before, after, memoryId, current }: UndoRequest): UndoVerdict {
  if (!isUndoableAction(action)) return { outcome: 'not_undoable', reason: 'NOT_A_RECORD_CHANGE' };
  if (key === null) return { outcome: 'not_undoable', reason: 'PERSONAL_SCOPE' };
  const previous = asMemory(before);
  const changed = asMemory(after);
  if (!previous && !changed) return { outcome: 'not_undoable', reason: 'PERSONAL_SCOPE' };

  if (!changed) {
    // A deletion: bring the record back, unless the key was taken again since.
    if (current) return { outcome: 'conflict', reason: 'RECREATED_SINCE' };
    return { outcome: 'recreate', text: previous!.text, pinned: previous!.pinned };
  }
  if (!current) return { outcome: 'conflict', reason: 'DELETED_SINCE' };
  // Deleted and created again since: a record of the same key and version is still another record.
  if (current.id !== memoryId) return { outcome: 'conflict', reason: 'RECREATED_SINCE' };
  if (current.version !== changed.version) return { outcome: 'conflict', reason: 'CHANGED_SINCE' };
  if (!previous) return { outcome: 'remove', expectedVersion: changed.version };
  return { outcome: 'restore', text: previous.text, pinned: previous.pinned, expectedVersion: changed.version };
}
