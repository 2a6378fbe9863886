// Where a request's reads go when there is a read replica (docs/operations.md "Read replica"): the
// rule alone, with the replica's replayed position, the elapsed time and the wait handed in. The
// database side (asking the replica, the connections) is server/db/replica.ts and
// server/db/read-connection.ts.
//
// A person's last write travels with them as the primary's WAL position at that moment (an LSN,
// '16/B374D848': two hexadecimal halves of a 64-bit byte position). Their reads go to the replica
// once it has replayed that far; until then they wait, up to the wait, then read from the primary.
// Someone with no write to wait for reads from the replica at once.

/** Which server answers a request's reads. */
export type ReadServer = 'replica' | 'primary';

/** What to do next: read from one of the servers, or ask the replica again after a pause. */
export type ReadStep = ReadServer | 'wait';

const LSN = /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/i;

/** `raw` when it is an LSN as PostgreSQL writes it ('16/B374D848'), upper-cased; else null (a forged or old cookie). */
export function parseLsn(raw: string | null | undefined): string | null {
  return raw && LSN.test(raw) ? raw.toUpperCase() : null;
}

/** The byte position an LSN names, to compare two of them. */
function lsnPosition(lsn: string): bigint {
  const [high, low] = lsn.split('/') as [string, string];
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** Whether a replica that has replayed up to `replayed` (null: nothing yet, or unknown) holds the write at `after`. */
export function lsnReached(replayed: string | null, after: string): boolean {
  const position = parseLsn(replayed);
  const wanted = parseLsn(after);
  if (!position || !wanted) return false;
  return lsnPosition(position) >= lsnPosition(wanted);
}

export interface ReadStepInput {
  /** The person's last write position, as their cookie carries it (anything not an LSN counts as none). */
  after: string | null | undefined;
  /** What the replica has replayed when it was just asked (null: nothing yet). Not asked when there is no write to wait for. */
  replayed: string | null;
  /** Milliseconds since the request began to wait for the replica. */
  elapsedMs: number;
  /** The longest wait (REPLICA_WAIT_MS). */
  waitMs: number;
  /** The pause before asking the replica again. */
  pollMs: number;
}

/**
 * The next step of one request's choice, each time the replica has been asked: the replica when
 * there is no write to wait for or it has been replayed; the primary when asking again would pass
 * the wait; else wait and ask again.
 */
export function readStep({ after, replayed, elapsedMs, waitMs, pollMs }: ReadStepInput): ReadStep {
  const wanted = parseLsn(after);
  if (!wanted || lsnReached(replayed, wanted)) return 'replica';
  return elapsedMs + pollMs > waitMs ? 'primary' : 'wait';
}

/** The value of cookie `name` in a Cookie header (URL-decoded, as browsers send what servers set), or undefined. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}
