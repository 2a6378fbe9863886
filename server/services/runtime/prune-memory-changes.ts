// Forgets the changes feed's rows older than CHANGE_RETENTION_DAYS (docs/runtime-api.md "Changes
// feed"); a cursor from before what it deleted then answers 410 (re-read everything).
import { CHANGE_RETENTION_DAYS } from '../../domain/change-feed';
import { z } from 'zod';
import { readRows, type ServiceCall } from '../context';
import { pruneMemoryChanges as pruneStatement } from './memory-changes-sql';

const DAY_MS = 86_400_000;
const DELETED_ROW = z.object({ deleted: z.number() });

export async function pruneMemoryChanges({ ctx }: Omit<ServiceCall<undefined>, 'input'>): Promise<{ deleted: number }> {
  const cutoff = new Date(ctx.now().getTime() - CHANGE_RETENTION_DAYS * DAY_MS);
  const [row] = await readRows(ctx, pruneStatement(cutoff), DELETED_ROW);
  return { deleted: row?.deleted ?? 0 };
}
