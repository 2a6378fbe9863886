// A person's copy of everything the assistant holds about them, as one JSON document.
import type { Viewer } from '../../auth/viewer';
import type { ServiceDeps } from '../deps';
import { listVisibleMemories, type VisibleMemory } from './list-visible-memories';

export interface MemoryExport {
  exportedAt: Date;
  person: { email: string; name: string; actorRef: string; tenant: string };
  scopes: string[];
  memories: VisibleMemory[];
}

export async function exportMemories(deps: ServiceDeps, viewer: Viewer): Promise<MemoryExport> {
  return {
    exportedAt: deps.now(),
    person: { email: viewer.email, name: viewer.name, actorRef: viewer.actorRef, tenant: viewer.tenant.ref },
    scopes: viewer.scopes,
    memories: await listVisibleMemories(deps.prisma, viewer),
  };
}
