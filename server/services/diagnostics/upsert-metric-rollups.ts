// Adds a batch's per-minute totals (server/domain/runtime-rollup.ts) to metric_rollup and
// metric_rollup_write: one multi-row upsert each, rows in key order so that concurrent batches lock
// them in the same order. Call inside the ingest transaction.
import { rollUp, type Diagnostic } from '../../domain';
import { type SqlStatement, withStatements } from '../../db/sql-runner';
import type { SqlCall } from '../context';
import { turnRollupsUpsertSql, writeRollupsUpsertSql } from './upsert-metric-rollups-sql';

export interface UpsertMetricRollupsInput {
  events: Diagnostic[];
  /** Statements of the same transaction to run in the same round trip as the turn rollups. */
  alongside?: SqlStatement[];
}

const iso = (ms: number) => new Date(ms).toISOString();

export async function upsertMetricRollups({ ctx, input }: SqlCall<UpsertMetricRollupsInput>): Promise<void> {
  const { turns, writes } = rollUp(input.events);
  const alongside = input.alongside ?? [];
  if (turns.length === 0) {
    for (const statement of alongside) await ctx.sql.query(statement.text, statement.params);
  } else {
    const rows = turns.map(({ minuteMs, ...row }) => ({ ...row, minute: iso(minuteMs) }));
    const upsert = withStatements(turnRollupsUpsertSql(rows), alongside);
    await ctx.sql.query(upsert.text, upsert.params);
  }
  if (writes.length > 0) {
    const rows = writes.map(({ minuteMs, ...row }) => ({ ...row, minute: iso(minuteMs) }));
    const upsert = writeRollupsUpsertSql(rows);
    await ctx.sql.query(upsert.text, upsert.params);
  }
}
