// Where a memory came from: the conversation (as a link to this page filtered to it), or a note
// that the conversation is gone, which never hides the memory itself.
import Link from 'next/link';
import type { VisibleMemory } from '@/components/trpc/outputs';
import { conversationHref } from './memory-filters';

export function MemoryOrigin({ origin }: { origin: VisibleMemory['origin'] }) {
  if (origin.threadId && origin.thread?.exists) {
    return (
      <span>
        from{' '}
        <Link
          href={conversationHref(origin.threadId)}
          className="font-medium text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:text-indigo-900 dark:text-indigo-300 dark:decoration-indigo-700 dark:hover:text-indigo-200"
          title="Show only memories from this conversation"
        >
          {origin.thread.title ?? 'an untitled conversation'}
        </Link>
      </span>
    );
  }
  if (origin.threadId) return <span className="italic">from a conversation no longer available</span>;
  if (origin.promotedFromId) return <span>published from the assistant’s guess about a person</span>;
  return null;
}
