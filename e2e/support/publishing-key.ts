// A Berlin review key of its own for e2e/publishing.spec.ts, which publishes it: the assistant's
// conclusions about two Berlin people who have no account, so no demo persona's memories change and
// the other specs' keys stay unpublished. Added by e2e/prepare-database.ts; idempotent.
import type { PrismaClient } from '../../server/db/generated/client';

export const PUBLISHING_KEY = 'desk-booking';
export const PUBLISHING_TEXT = 'Books a desk by the window.';

export async function seedPublishingKey(prisma: PrismaClient): Promise<void> {
  await prisma.agentMemory.createMany({
    data: ['e2e-desk-1', 'e2e-desk-2'].map((actorRef) => ({
      id: `mem_${actorRef}`,
      key: PUBLISHING_KEY,
      text: PUBLISHING_TEXT,
      scope: `actor:${actorRef}`,
      tenantRef: 'berlin',
      author: 'agent' as const,
      actorRef,
    })),
    skipDuplicates: true,
  });
}
