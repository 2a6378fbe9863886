// GET /api/runtime/changes: what changed among the memories a tenant's runtime can read (its own
// scopes and `global`) and in its people's scope chains, since a cursor (docs/runtime-api.md
// "Changes feed"). No text: ids, scopes and kinds only; the runtime re-reads what it needs.
import { z } from 'zod';
import { jsonColumn } from '../../db/sql-rows';
import {
  CHANGE_RETENTION_DAYS,
  comparePositions,
  decodeChangeCursor,
  encodeChangeCursor,
  isCursorExpired,
  nextChangeCursor,
  positionBefore,
  type ChangePosition,
} from '../../domain/change-feed';
import { DomainError } from '../../errors/domain-error';
import { readRows, type ServiceCall } from '../context';
import { CURRENT_XMIN, memoryChangesPage } from './memory-changes-sql';

export interface ReadMemoryChangesInput {
  /** The token's organisation; null for a token of every organisation, which reads no memories. */
  tokenTenantRef: string | null;
  /** Where the last read ended; absent: where a reader starts now. */
  after?: string;
  limit: number;
}

export type MemoryChange =
  { kind: 'created' | 'changed' | 'deleted'; id: string; scope: string; at: string } | { kind: 'membership'; actorRef: string; at: string };

export type ReadMemoryChangesResult =
  | { expired: false; changes: MemoryChange[]; cursor: string; more: boolean }
  /** The cursor is older than the feed keeps: the reader must take a new cursor and read everything again. */
  | { expired: true };

const positionShape = { xmin: z.string(), horizonTxid: z.string(), horizonSeq: z.string() };
const positionRowSchema = z.object(positionShape);
const changeSchema = z.object({
  txid: z.string(),
  seq: z.string(),
  kind: z.string(),
  memoryId: z.string().nullable(),
  scope: z.string().nullable(),
  actorRef: z.string().nullable(),
  at: z.string(),
});
const pageRowSchema = z.object({ ...positionShape, changes: jsonColumn(z.array(changeSchema)) });
type PageRow = z.output<typeof pageRowSchema>;

/** A timestamp as json_agg writes one (no zone: the database keeps UTC), as ISO 8601. */
const isoOf = (at: string) => new Date(`${at.endsWith('Z') ? at : `${at}Z`}`).toISOString();

function changeOf(row: PageRow['changes'][number]): MemoryChange {
  const at = isoOf(row.at);
  if (row.kind === 'membership') return { kind: 'membership', actorRef: row.actorRef!, at };
  return { kind: row.kind as 'created' | 'changed' | 'deleted', id: row.memoryId!, scope: row.scope!, at };
}

export async function readMemoryChanges({ ctx, input }: ServiceCall<ReadMemoryChangesInput>): Promise<ReadMemoryChangesResult> {
  if (input.tokenTenantRef === null) {
    throw new DomainError('FORBIDDEN', 'This API token belongs to no single organisation, so it reads no memories.', {
      reason: 'TOKEN_NOT_TENANT_BOUND',
    });
  }
  if (input.after === undefined) {
    const [row] = await readRows(ctx, CURRENT_XMIN, positionRowSchema);
    // Never behind what retention deleted (a transaction running for longer than the retention
    // would otherwise hand out a cursor that is expired at once).
    const before = positionBefore(BigInt(row!.xmin));
    const horizon = { txid: BigInt(row!.horizonTxid), seq: BigInt(row!.horizonSeq) };
    const start = comparePositions(before, horizon) >= 0 ? before : horizon;
    return { expired: false, changes: [], cursor: encodeChangeCursor(start), more: false };
  }
  const after = decodeChangeCursor(input.after);
  if (!after) {
    throw new DomainError('INVALID', 'after is not a cursor this console gave out. Start again without after.', {
      fieldErrors: [{ field: 'after', message: 'after is not a cursor this console gave out.' }],
    });
  }
  const [page] = await readRows(ctx, memoryChangesPage(input.tokenTenantRef, after, input.limit), pageRowSchema);
  const xmin = BigInt(page!.xmin);
  const horizon: ChangePosition = { txid: BigInt(page!.horizonTxid), seq: BigInt(page!.horizonSeq) };
  if (isCursorExpired(after, horizon)) {
    return { expired: true };
  }
  const positions = page!.changes.map((row) => ({ txid: BigInt(row.txid), seq: BigInt(row.seq) }));
  const next = nextChangeCursor(after, positions, input.limit, xmin);
  return {
    expired: false,
    changes: page!.changes.map(changeOf),
    cursor: encodeChangeCursor(next),
    more: positions.length >= input.limit,
  };
}

export { CHANGE_RETENTION_DAYS };
