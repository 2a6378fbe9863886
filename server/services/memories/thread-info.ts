// The conversation a memory came from, read in the same statement as the memory: one that was
// deleted or never recorded is marked as gone rather than left out.
import type { ThreadColumns } from './thread-info-sql';

export interface ThreadInfo {
  id: string;
  title: string | null;
  /** False when the conversation was deleted or never recorded: the memory stays, the link does not. */
  exists: boolean;
}

export function toThreadInfo(id: string, row: ThreadColumns): ThreadInfo {
  return { id, title: row.threadExists ? row.threadTitle : null, exists: row.threadExists };
}
