// Records a conversation the assistant had, so memories can link to it (or show it as gone).
import { DomainError } from '../../errors/domain-error';
import type { ServiceCall } from '../context';

const MAX_TITLE_CHARS = 200;

export interface RecordThreadInput {
  id: string;
  actorRef: string;
  title: string;
  deletedAt?: Date | null;
}

export async function recordThread({ ctx, input }: ServiceCall<RecordThreadInput>) {
  const title = input.title.trim();
  if (title.length === 0 || title.length > MAX_TITLE_CHARS) {
    throw new DomainError('INVALID', `title must be 1–${MAX_TITLE_CHARS} characters (got ${title.length}).`, {
      fieldErrors: [{ field: 'title', message: `must be 1–${MAX_TITLE_CHARS} characters` }],
    });
  }
  return ctx.db.thread.upsert({
    where: { id: input.id },
    create: { id: input.id, actorRef: input.actorRef, title, deletedAt: input.deletedAt ?? null },
    update: {},
  });
}
