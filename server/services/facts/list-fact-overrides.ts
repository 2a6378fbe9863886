// The people whose own value of a published fact's key replaces the fact for them.
import type { Viewer } from '../../auth/viewer';
import { administeredTenants, reachOf } from '../../domain';
import { readRows, type ServiceCall } from '../context';
import { loadFact } from './load-fact';
import { factOverridesSql, overrideRowSchema } from './list-fact-overrides-sql';

export interface ListFactOverridesInput {
  viewer: Pick<Viewer, 'grants'>;
  id: string;
}

/** At most this many are listed; the list's count says how many there are in all. */
const SHOWN = 100;

export async function listFactOverrides({ ctx, input }: ServiceCall<ListFactOverridesInput>) {
  const fact = await loadFact({ ctx, input: { viewer: input.viewer, id: input.id, need: 'read' } });
  const rows = await readRows(
    ctx,
    factOverridesSql(administeredTenants(reachOf(input.viewer.grants)), ctx.now(), fact.id, SHOWN),
    overrideRowSchema,
  );
  return rows.map((row) => ({
    id: row.id,
    scope: row.scope,
    person: row.name ?? row.scope,
    text: row.text,
    author: row.author === 'agent' ? ('agent' as const) : ('human' as const),
    updatedAt: row.updatedAt.toISOString(),
  }));
}
