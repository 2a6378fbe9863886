'use client';
// "Still true?" on My memories (docs/features.md "Many at once"): at most once a week, up to three of
// the person's oldest own memories. Showing it is recorded, so it does not come back for a week;
// Yes confirms, Forget forgets after a confirmation (one call each), and either stops the asking for that memory.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useTRPC } from '@/components/trpc/client';
import { errorMessage } from '@/components/trpc/errors';
import { useRefreshMemories } from '@/components/memories/use-refresh-memories';
import { BulkForgetDialog, type BulkRequest } from './bulk-forget-dialog';

export function StillTruePanel() {
  const trpc = useTRPC();
  const refresh = useRefreshMemories();
  // Asked once per page load: the answer is kept for the visit, so the panel does not vanish mid-use.
  const questions = useQuery({ ...trpc.memories.stillTrue.queryOptions(), staleTime: Infinity, refetchOnWindowFocus: false });
  const shown = useMutation(trpc.memories.stillTrueShown.mutationOptions());
  const act = useMutation(trpc.memories.act.mutationOptions());
  const [answered, setAnswered] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [forgetting, setForgetting] = useState<BulkRequest | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const recorded = useRef(false);
  const count = questions.data?.questions.length ?? 0;
  useEffect(() => {
    if (count > 0 && !recorded.current) {
      recorded.current = true;
      shown.mutate();
    }
  }, [count, shown]);

  if (!questions.data || count === 0) return null;
  const answer = (id: string, key: string, action: 'confirm' | 'forget') =>
    act.mutate(
      { ids: [id], action },
      {
        onSuccess: () => {
          setError(null);
          setAnswered((previous) => ({ ...previous, [id]: action === 'confirm' ? `Kept “${key}”.` : `Forgot “${key}”.` }));
          void refresh();
          heading.current?.focus();
        },
        onError: (e) => setError(errorMessage(e, `“${key}” could not be changed.`)),
      },
    );
  return (
    <section
      aria-labelledby="still-true-heading"
      className="rounded-lg border border-sky-200 bg-sky-50 p-4 text-sky-950 dark:border-sky-900 dark:bg-sky-950/40 dark:text-sky-50"
    >
      <h2 id="still-true-heading" ref={heading} tabIndex={-1} className="text-base font-semibold focus:outline-2 focus:outline-indigo-500">
        Still true?
      </h2>
      <p className="mt-1 text-sm">The assistant has held these for a long time. Are they still right?</p>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <ul aria-label="Still true?" className="mt-2 space-y-2">
        {questions.data.questions.map((question) => (
          <li key={question.id} className="rounded-md bg-white/70 p-2 text-sm dark:bg-slate-900/60">
            <p className="break-words">{question.text}</p>
            {answered[question.id] ? (
              <p className="mt-1 text-xs" aria-live="polite">
                {answered[question.id]}
              </p>
            ) : (
              <div className="mt-2 flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  disabled={act.isPending}
                  aria-label={`Yes, ${question.key} is still true`}
                  onClick={() => answer(question.id, question.key, 'confirm')}
                >
                  Yes
                </Button>
                <Button
                  variant="secondary"
                  disabled={act.isPending}
                  aria-label={`Forget ${question.key}`}
                  onClick={() => setForgetting({ action: 'forget', ids: [question.id] })}
                >
                  Forget
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <BulkForgetDialog
        request={forgetting}
        onCancel={() => setForgetting(null)}
        onConfirm={({ ids }) => {
          setForgetting(null);
          const question = questions.data.questions.find((shown) => shown.id === ids[0]);
          if (question) answer(question.id, question.key, 'forget');
        }}
      />
    </section>
  );
}
