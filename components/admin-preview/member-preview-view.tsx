'use client';
// Member preview: pick a person, see the block their next turn would carry — the same panel they
// see on My memories. The chosen person is in the URL (?person=<user id>).
import { useSuspenseQuery } from '@tanstack/react-query';
import { useSearchParams } from 'next/navigation';
import { Suspense, useCallback, useEffect, useRef } from 'react';
import { AssistantPreviewContent, AssistantPreviewSkeleton } from '@/components/memories/assistant-preview-panel';
import { QueryErrorPanel } from '@/components/memories/query-error-panel';
import { useTRPC } from '@/components/trpc/client';
import { MemberPicker } from './member-picker';
import { personScopeLabels } from './person-scope-labels';

function MemberPreviewPanel({ userId }: { userId: string }) {
  const trpc = useTRPC();
  const { data } = useSuspenseQuery(trpc.preview.member.queryOptions({ userId }));
  return (
    <>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        {data.member.email} · {data.member.tenantName}
      </p>
      <AssistantPreviewContent
        preview={{ ...data.preview, scopeLabels: { ...data.preview.scopeLabels, ...personScopeLabels(data.member) } }}
        actorRef={data.member.actorRef}
        person={data.member.name}
      />
    </>
  );
}

export function MemberPreviewView() {
  const selected = useSearchParams().get('person') ?? '';
  const heading = useRef<HTMLHeadingElement>(null);
  const select = useCallback((userId: string) => {
    const url = new URL(window.location.href);
    url.searchParams.set('person', userId);
    window.history.pushState(null, '', url);
  }, []);
  useEffect(() => {
    // After picking someone, move to what was picked.
    if (selected) heading.current?.focus();
  }, [selected]);

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
      <MemberPicker selected={selected} onSelect={select} />
      <section
        aria-labelledby="member-preview-heading"
        className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <h2
          id="member-preview-heading"
          ref={heading}
          tabIndex={-1}
          className="text-base font-semibold focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          What the assistant would see
        </h2>
        <div className="mt-2">
          {selected ? (
            <QueryErrorPanel what="The preview" key={selected}>
              <Suspense fallback={<AssistantPreviewSkeleton />}>
                <MemberPreviewPanel userId={selected} />
              </Suspense>
            </QueryErrorPanel>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-400">Pick a person to see the notes their next turn would carry.</p>
          )}
        </div>
      </section>
    </div>
  );
}
