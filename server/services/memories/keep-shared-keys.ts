// After a read that counted the keys at a person's shared scopes itself (page-walk-sql.ts: no count
// stored for the scopes' current generations), the count is stored for the next reads. The read
// only reads, so that it can run on a read replica; this is a write of its own, on `ctx.db` (the
// primary's client in a query's context, docs/scaling.md "What goes to the replica").
import type { ServiceCall } from '../context';
import { keepSharedKeysSql } from './page-walk-sql';

export interface KeepSharedKeysInput {
  /** The reader's scopes and own scope: the shared scopes are all but the own one. */
  scopes: readonly string[];
  ownScope: string;
  /** The count the read made and when (its totals row), or nulls when it used the stored one. */
  counted: { sharedKeys: number | null; countedAt: string | null } | undefined;
}

/**
 * Stores the count when the read made it. A failure is written to the log and not passed on: the
 * read's answer is right without it, and the next read of the same scopes counts again.
 */
export async function keepSharedKeys({ ctx, input }: ServiceCall<KeepSharedKeysInput>): Promise<void> {
  const { counted } = input;
  if (!counted || counted.countedAt === null || counted.sharedKeys === null) return;
  try {
    await ctx.db.$executeRaw(keepSharedKeysSql(input, { sharedKeys: counted.sharedKeys, countedAt: counted.countedAt }));
  } catch (error) {
    console.error('[memories] could not store the count of the shared scopes’ keys:', error instanceof Error ? error.message : error);
  }
}
