'use client';
// Pick one conversation to see only the memories that came from it.
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/trpc/client';

const selectClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100';

export function ConversationFilter({ value, onChange, id }: { value: string; onChange: (threadId: string) => void; id: string }) {
  const trpc = useTRPC();
  const { data: conversations = [] } = useQuery(trpc.memories.conversations.queryOptions());
  const known = conversations.some((conversation) => conversation.id === value);
  return (
    <select id={id} name="thread" value={value} onChange={(event) => onChange(event.target.value)} className={selectClass}>
      <option value="">All conversations</option>
      {conversations.map((conversation) => (
        <option key={conversation.id} value={conversation.id}>
          {conversation.exists ? (conversation.title ?? 'Untitled conversation') : 'Conversation no longer available'} (
          {conversation.memories})
        </option>
      ))}
      {value && !known ? <option value={value}>Conversation {value}</option> : null}
    </select>
  );
}
