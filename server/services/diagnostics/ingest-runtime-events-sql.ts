// The statements of a batch's idempotency key (ingest-runtime-events.ts), as text for the driver's
// runner, and the schema of the earlier batch's row.
import { z } from 'zod';
import type { SqlStatement } from '../../db/sql-runner';
import { jsonColumn } from '../../db/sql-rows';

/** What the key's earlier batch answered, and the hash of its body (null: recorded before bodies were hashed). */
export const EARLIER_ROW = z.object({
  result: jsonColumn(z.looseObject({ accepted: z.number(), resolved: z.number(), written: z.number() })),
  bodyHash: z.string().nullable(),
});

/** Claims the key for this batch (returns the key), or changes nothing when it is taken. */
export function claimKeySql(input: { tokenId: string; key: string; bodyHash: string; receivedAt: Date; result: unknown }): SqlStatement {
  return {
    text: `INSERT INTO "ingest_idempotency_key" ("tokenId", "key", "createdAt", "result", "bodyHash")
     VALUES ($1, $2, $3::timestamp(3), $4::jsonb, $5) ON CONFLICT DO NOTHING RETURNING "key"`,
    params: [input.tokenId, input.key, input.receivedAt.toISOString(), JSON.stringify(input.result), input.bodyHash],
  };
}

/** The answer and body hash recorded with (tokenId, key). */
export function earlierBatchSql(tokenId: string, key: string): SqlStatement {
  return {
    text: `SELECT "result", "bodyHash" FROM "ingest_idempotency_key" WHERE "tokenId" = $1 AND "key" = $2`,
    params: [tokenId, key],
  };
}
