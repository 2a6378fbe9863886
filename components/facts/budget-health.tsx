'use client';
// The standing state of an organisation's always-on facts against its limit of memories per turn,
// where administrators act (Facts, Settings): who loses which always-on facts today, and an inline
// fix — raise the limit to what the fullest group needs — with the forecast for that raise.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useConfirmPassword } from '@/components/auth/confirm-password-dialog';
import { perTurnLimit, scopeName, WORDS } from '@/components/glossary';
import { useTRPC } from '@/components/trpc/client';
import { errorMessage } from '@/components/trpc/errors';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { TENANT_SETTING_LIMITS } from '@/server/domain';
import { ForecastPanel } from './forecast-panel';
import { useScopeNames } from './use-scope-names';
import { useFocusAfterRender } from '@/components/ui/use-focus-after-render';

const people = (count: number) => (count === 1 ? '1 person' : `${count.toLocaleString('en')} people`);

export function BudgetHealth({ tenantRef, onlyWhenOver = false }: { tenantRef: string; onlyWhenOver?: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const names = useScopeNames();
  const settings = useQuery(trpc.tenants.settings.queryOptions({ tenantRef }));
  const limit = settings.data?.maxMemories;
  const today = useQuery({
    ...trpc.tenants.forecastBudget.queryOptions({ tenantRef, maxMemories: limit ?? 1 }),
    enabled: limit !== undefined,
  });
  const needed = Math.min(
    TENANT_SETTING_LIMITS.maxMemories.max,
    Math.max(0, ...(today.data?.groups.map((group) => group.pinnedKeys) ?? [])),
  );
  const raising = limit !== undefined && needed > limit;
  const raised = useQuery({ ...trpc.tenants.forecastBudget.queryOptions({ tenantRef, maxMemories: needed }), enabled: raising });
  const update = useMutation(trpc.tenants.updateSettings.mutationOptions());
  const confirm = useConfirmPassword();
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const focusAfterRender = useFocusAfterRender();

  if (!settings.data || !today.data) return null;
  const over = today.data.peopleOverNow > 0;
  if (onlyWhenOver && !over && !message) return null;
  const { name, maxFactChars, updatedAt } = settings.data;

  function raise() {
    confirm
      .run((password) => update.mutateAsync({ tenantRef, maxMemories: needed, maxFactChars, expectedUpdatedAt: updatedAt, password }))
      .then(
        async () => {
          await queryClient.invalidateQueries({ queryKey: trpc.tenants.pathKey() });
          await queryClient.invalidateQueries({ queryKey: trpc.facts.pathKey() });
          setMessage({ tone: 'ok', text: `The limit of ${name} is ${perTurnLimit(needed)} now, from the next turn.` });
          focusAfterRender(messageRef);
        },
        (error: unknown) => {
          setMessage({ tone: 'error', text: errorMessage(error, 'The limit could not be raised.') });
          focusAfterRender(messageRef);
        },
      );
  }

  return (
    <section
      aria-labelledby={`budget-health-${tenantRef}`}
      className={cn(
        'mb-6 space-y-2 rounded-lg border p-4 text-sm',
        over
          ? 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100'
          : 'border-emerald-200 bg-emerald-50 text-emerald-950 dark:border-emerald-900 dark:bg-emerald-950/30 dark:text-emerald-100',
      )}
    >
      <h2 id={`budget-health-${tenantRef}`} className="font-semibold">
        Always-on facts and the limit
      </h2>
      <p className="font-medium">
        {over
          ? `${name}: ${people(today.data.peopleOverNow)} of ${people(today.data.people)} lose ${WORDS.alwaysOnFacts} today.`
          : `${name}: every always-on fact fits for all ${people(today.data.people)}, ${perTurnLimit(limit!)}.`}
      </p>
      {today.data.groups.map((group) => (
        <p key={`${group.tenantRef} ${group.scopes.join(' ')}`}>
          {group.pinnedKeys} {WORDS.alwaysOnFacts} for {people(group.people)} in{' '}
          {group.scopes.map((scope) => scopeName(scope, names)).join(', ')}, {perTurnLimit(group.maxMemories)}:{' '}
          {group.names.length ? group.names.join(', ') : 'they'}
          {group.people > group.names.length && group.names.length
            ? ` and ${people(group.people - group.names.length)} more`
            : ''} lose {group.dropped.map((pin) => pin.key).join(', ')}.
        </p>
      ))}
      {raising ? (
        <div className="space-y-2">
          {raised.data ? <ForecastPanel forecast={raised.data} change={`With ${perTurnLimit(needed)}`} /> : null}
          <Button onClick={raise} disabled={update.isPending}>
            {update.isPending ? 'Raising…' : `Raise the limit to ${needed}`}
          </Button>
        </div>
      ) : null}
      {message ? (
        <p ref={messageRef} tabIndex={-1} role={message.tone === 'error' ? 'alert' : 'status'} className="font-medium">
          {message.text}
        </p>
      ) : null}
      {confirm.dialog}
    </section>
  );
}

/** On Facts: the organisations this person administers whose always-on facts do not all fit. */
export function BudgetHealthOfAdministered() {
  const trpc = useTRPC();
  const { data: tenants = [] } = useQuery(trpc.tenants.administered.queryOptions());
  return (
    <>
      {tenants.map((tenant) => (
        <BudgetHealth key={tenant.ref} tenantRef={tenant.ref} onlyWhenOver />
      ))}
    </>
  );
}
