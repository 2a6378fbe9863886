'use client';
// The organisation's per-turn limit (memories per turn) and fact length. Before a new limit (lower or
// higher) is saved, the form shows how many people would then lose always-on facts (the same forecast
// as for a pin); saving a lower one first asks in a dialog that also says whose other memories would
// no longer fit in a turn (forecast, then apply).
import { perTurnLimit } from '@/components/glossary';
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useDeferredValue, useState, type FormEvent } from 'react';
import { useConfirmPassword } from '@/components/auth/confirm-password-dialog';
import { ForecastPanel } from '@/components/facts/forecast-panel';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { useTRPC } from '@/components/trpc/client';
import { domainDetails, errorCode, errorMessage, fieldErrors } from '@/components/trpc/errors';
import { TENANT_SETTING_LIMITS } from '@/server/domain';
import { FormMessage, type FormMessageValue } from '@/components/ui/form-message';
import { useSettingsSaved } from './use-settings-saved';

const { maxMemories: MEMORIES, maxFactChars: CHARS } = TENANT_SETTING_LIMITS;

function whole(value: string): number | null {
  return /^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : null;
}

export function TenantSettingsForm({ tenantRef }: { tenantRef: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: settings } = useSuspenseQuery(trpc.tenants.settings.queryOptions({ tenantRef }));
  const [memories, setMemories] = useState(String(settings.maxMemories));
  const [chars, setChars] = useState(String(settings.maxFactChars));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const [lowering, setLowering] = useState<number | null>(null);
  const update = useMutation(trpc.tenants.updateSettings.mutationOptions());
  const confirm = useConfirmPassword();
  const settingsSaved = useSettingsSaved();
  const proposed = useDeferredValue(whole(memories));
  // Any change of the limit, raising too, shows its forecast before it is saved.
  const changing = proposed !== null && proposed >= MEMORIES.min && proposed <= MEMORIES.max && proposed !== settings.maxMemories;
  const forecast = useQuery({ ...trpc.tenants.forecastBudget.queryOptions({ tenantRef, maxMemories: proposed ?? 1 }), enabled: changing });

  function check(): Record<string, string[]> {
    const found: Record<string, string[]> = {};
    const m = whole(memories);
    const c = whole(chars);
    if (m === null || m < MEMORIES.min || m > MEMORIES.max)
      found.maxMemories = [`Memories per turn must be a whole number from ${MEMORIES.min} to ${MEMORIES.max}.`];
    if (c === null || c < CHARS.min || c > CHARS.max)
      found.maxFactChars = [`Fact length must be a whole number from ${CHARS.min} to ${CHARS.max}.`];
    return found;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) return;
    // A lower limit is saved only after its forecast was seen and confirmed.
    if (Number(memories) < settings.maxMemories) return setLowering(Number(memories));
    save();
  }

  function save() {
    const values = { tenantRef, maxMemories: Number(memories), maxFactChars: Number(chars), expectedUpdatedAt: settings.updatedAt };
    // Lowering the budget asks for the password when the sign-in is old (docs/operations.md
    // "Sessions").
    confirm
      .run((password) => update.mutateAsync({ ...values, password }))
      .then(
        (saved) => {
          settingsSaved(saved);
          setMessage({ tone: 'ok', text: 'Settings saved. They apply from the next turn.' });
        },
        async (error: unknown) => {
          setErrors(fieldErrors(error));
          const current = domainDetails(error)?.current as { maxMemories?: number; maxFactChars?: number } | undefined;
          const conflict = errorCode(error) === 'CONFLICT' && current?.maxMemories !== undefined;
          const fallback = error instanceof Error ? error.message : 'The settings could not be saved.';
          setMessage({
            tone: 'error',
            text: conflict
              ? `${errorMessage(error, 'The settings changed meanwhile.')} Now: ${perTurnLimit(current.maxMemories ?? 0)}, ${current.maxFactChars} characters per fact.`
              : errorMessage(error, fallback),
          });
          if (conflict) await queryClient.invalidateQueries({ queryKey: trpc.tenants.settings.queryKey({ tenantRef }) });
        },
      );
  }

  return (
    <>
      <form
        onSubmit={submit}
        noValidate
        aria-labelledby="tenant-settings-heading"
        className="max-w-2xl space-y-4 rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="tenant-settings-heading" className="text-base font-semibold text-slate-900 dark:text-slate-100">
          {settings.name}
        </h2>
        <TextField
          label="Memories per turn"
          name="maxMemories"
          inputMode="numeric"
          value={memories}
          onChange={(event) => setMemories(event.target.value)}
          errors={errors.maxMemories}
          hint={{
            content: `How many memories one turn of the assistant carries (${MEMORIES.min}–${MEMORIES.max}). Always-on facts take their place first.`,
          }}
        />
        {changing && forecast.data ? <ForecastPanel forecast={forecast.data} change={`With ${perTurnLimit(proposed)}`} /> : null}
        {changing && forecast.isPending ? (
          <p role="status" className="text-sm">
            Working out who this affects…
          </p>
        ) : null}
        <TextField
          label="Characters per fact"
          name="maxFactChars"
          inputMode="numeric"
          value={chars}
          onChange={(event) => setChars(event.target.value)}
          errors={errors.maxFactChars}
          hint={{ content: `The longest fact anyone may save (${CHARS.min}–${CHARS.max}). Longer facts are refused, never cut.` }}
        />
        <FormMessage message={message} />
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save settings'}
        </Button>
      </form>
      <LowerLimitDialog
        tenantRef={tenantRef}
        current={settings.maxMemories}
        proposed={lowering}
        onCancel={() => setLowering(null)}
        onConfirm={() => {
          setLowering(null);
          save();
        }}
      />
      {confirm.dialog}
    </>
  );
}

/** "Lower the limit to N memories per turn?": the forecast for N, always-on facts and other memories, before it is saved. */
function LowerLimitDialog({
  tenantRef,
  current,
  proposed,
  onCancel,
  onConfirm,
}: {
  tenantRef: string;
  current: number;
  proposed: number | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const trpc = useTRPC();
  const forecast = useQuery({
    ...trpc.tenants.forecastBudget.queryOptions({ tenantRef, maxMemories: proposed ?? 1 }),
    enabled: proposed !== null,
  });
  return (
    <Dialog
      open={proposed !== null}
      onClose={onCancel}
      title={proposed !== null ? `Lower the limit to ${perTurnLimit(proposed)}?` : ''}
      description={
        proposed !== null ? (
          <p>
            Each turn of the assistant would carry at most {perTurnLimit(proposed)} instead of {current}, from the next turn.
          </p>
        ) : null
      }
    >
      {proposed !== null ? (
        <>
          {forecast.data ? (
            <ForecastPanel forecast={forecast.data} change={`With ${perTurnLimit(proposed)}`} />
          ) : forecast.isError ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {errorMessage(forecast.error, 'The forecast could not be worked out.')}
            </p>
          ) : (
            <p role="status" className="text-sm">
              Working out who this affects…
            </p>
          )}
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onCancel} autoFocus>
              Keep {perTurnLimit(current)}
            </Button>
            <Button variant="danger" onClick={onConfirm} disabled={!forecast.data}>
              Lower the limit
            </Button>
          </div>
        </>
      ) : null}
    </Dialog>
  );
}
