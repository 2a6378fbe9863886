// A person's copy of everything the assistant holds about them, as one JSON document.
import type { Viewer } from '../../auth/viewer';
import type { ServiceCall } from '../context';
import { listVisibleMemories, type VisibleMemory } from './list-visible-memories';

export interface MemoryExport {
  exportedAt: Date;
  person: { email: string; name: string; actorRef: string; tenant: string };
  scopes: string[];
  memories: VisibleMemory[];
}

export interface ExportMemoriesInput {
  viewer: Viewer;
}

export async function exportMemories({ ctx, input }: ServiceCall<ExportMemoriesInput>): Promise<MemoryExport> {
  const { viewer } = input;
  return {
    exportedAt: ctx.now(),
    person: { email: viewer.email, name: viewer.name, actorRef: viewer.actorRef, tenant: viewer.tenant.ref },
    scopes: viewer.scopes,
    memories: (await listVisibleMemories({ ctx, input: { viewer } })).memories,
  };
}
