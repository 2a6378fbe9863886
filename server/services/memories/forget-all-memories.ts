// "Forget everything about me": every record at the person's own actor scope, in one transaction.
import { actorScope } from '../../domain';
import type { Viewer } from '../../auth/viewer';
import { recordAudit } from '../audit/record-audit';
import type { ServiceDeps } from '../deps';

export async function forgetAllMemories(
  deps: ServiceDeps,
  viewer: Pick<Viewer, 'userId' | 'actorRef' | 'tenant'>,
): Promise<{ deleted: number }> {
  const scope = actorScope(viewer.actorRef);
  return deps.prisma.$transaction(async (tx) => {
    const doomed = await tx.agentMemory.findMany({ where: { scope }, select: { id: true }, orderBy: { id: 'asc' } });
    const { count } = await tx.agentMemory.deleteMany({ where: { id: { in: doomed.map((row) => row.id) } } });
    await recordAudit(tx, deps, {
      userId: viewer.userId,
      actorRef: viewer.actorRef,
      action: 'memory.forgot-all',
      scope,
      tenantRef: viewer.tenant.ref,
      memoryId: null,
      // Which records went, never what they said.
      before: { memoryIds: doomed.map((row) => row.id) },
      after: { deleted: count },
    });
    return { deleted: count };
  });
}
