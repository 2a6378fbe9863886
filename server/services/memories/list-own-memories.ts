// The memories held at the viewer's own actor scope, newest first.
import { actorScope } from '../../domain';
import type { Db } from '../deps';

export async function listOwnMemories(db: Db, viewer: { actorRef: string }) {
  return db.agentMemory.findMany({
    where: { scope: actorScope(viewer.actorRef) },
    orderBy: [{ updatedAt: 'desc' }, { key: 'asc' }],
    select: { id: true, key: true, text: true, scope: true, author: true, pinned: true, version: true, updatedAt: true },
  });
}
