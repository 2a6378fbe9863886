// tRPC's side of a request's reads (server/db/read-connection.ts): with a replica, the context's
// `readRouting` — the request's reads, and the write position remembered after a mutation.
// Independent of Next, so the cluster test builds a context the way the app does.
import type { RequestReads } from '../db/read-connection';
import type { ReadRouting } from './trpc';

/** `remember` keeps the primary's position after a write for this person's next requests (the app: the `mc_wal` cookie). */
export function readRoutingOf(reads: RequestReads, remember: (lsn: string) => Promise<void> | void): ReadRouting | undefined {
  const writePosition = reads.writePosition;
  if (!writePosition) return undefined;
  return { reads, noteWrite: async () => remember(await writePosition()) };
}
