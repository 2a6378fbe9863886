'use client';
// The life of the organisation's memories (docs/concepts.md "The life of a memory"): how long the
// assistant's own conclusions live (new ones from when it is set), and how often facts come up for
// review. Applying the lifetime to conclusions already held is a separate action: its dialog first
// shows how many would get an expiry and how many would expire at once, and applies only that count.
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useConfirmPassword } from '@/components/auth/confirm-password-dialog';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { FormMessage, type FormMessageValue } from '@/components/ui/form-message';
import { useSettingsSaved } from '@/components/settings/use-settings-saved';
import { useTRPC } from '@/components/trpc/client';
import { errorMessage, fieldErrors } from '@/components/trpc/errors';
import { DEFAULT_REVIEW_INTERVAL_DAYS, LIFE_SETTING_LIMITS } from '@/server/domain';

const { conclusionLifetimeDays: LIFETIME, reviewIntervalDays: REVIEW } = LIFE_SETTING_LIMITS;

function days(value: string): number | null {
  return /^\d{1,5}$/.test(value.trim()) ? Number(value.trim()) : null;
}

export function LifeSettingsCard({ tenantRef }: { tenantRef: string }) {
  const trpc = useTRPC();
  const { data: settings } = useSuspenseQuery(trpc.tenants.settings.queryOptions({ tenantRef }));
  const [lifetime, setLifetime] = useState(settings.conclusionLifetimeDays === null ? '' : String(settings.conclusionLifetimeDays));
  const [review, setReview] = useState(String(settings.reviewIntervalDays ?? DEFAULT_REVIEW_INTERVAL_DAYS));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const [applying, setApplying] = useState(false);
  const update = useMutation(trpc.tenants.updateSettings.mutationOptions());
  const confirm = useConfirmPassword();
  const settingsSaved = useSettingsSaved();

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string[]> = {};
    const l = lifetime.trim() === '' ? null : days(lifetime);
    const r = days(review);
    if (lifetime.trim() !== '' && (l === null || l < LIFETIME.min || l > LIFETIME.max))
      found.conclusionLifetimeDays = [`The lifetime must be empty or a whole number of days from ${LIFETIME.min} to ${LIFETIME.max}.`];
    if (r === null || r < REVIEW.min || r > REVIEW.max)
      found.reviewIntervalDays = [`The review interval must be a whole number of days from ${REVIEW.min} to ${REVIEW.max}.`];
    setErrors(found);
    if (Object.keys(found).length) return;
    const values = {
      tenantRef,
      maxMemories: settings.maxMemories,
      maxFactChars: settings.maxFactChars,
      conclusionLifetimeDays: l,
      reviewIntervalDays: r!,
      expectedUpdatedAt: settings.updatedAt,
    };
    confirm
      .run((password) => update.mutateAsync({ ...values, password }))
      .then(
        (saved) => {
          settingsSaved(saved);
          setMessage({ tone: 'ok', text: 'Saved. The lifetime applies to conclusions drawn from now on.' });
        },
        (error: unknown) => {
          setErrors(fieldErrors(error));
          setMessage({ tone: 'error', text: errorMessage(error, 'The settings could not be saved.') });
        },
      );
  }

  return (
    <>
      <form
        onSubmit={submit}
        noValidate
        aria-labelledby="life-settings-heading"
        className="mt-6 max-w-2xl space-y-4 rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="life-settings-heading" className="text-base font-semibold text-slate-900 dark:text-slate-100">
          How long memories last
        </h2>
        <TextField
          label="Lifetime of the assistant’s conclusions (days)"
          name="conclusionLifetimeDays"
          inputMode="numeric"
          value={lifetime}
          onChange={(event) => setLifetime(event.target.value)}
          errors={errors.conclusionLifetimeDays}
          hint={{
            content: `Empty: they last until deleted. A number of days (${LIFETIME.min}–${LIFETIME.max}) applies to conclusions drawn after it is saved.`,
          }}
        />
        <TextField
          label="Review facts every (days)"
          name="reviewIntervalDays"
          inputMode="numeric"
          value={review}
          onChange={(event) => setReview(event.target.value)}
          errors={errors.reviewIntervalDays}
          hint={{
            content: `A fact comes up as “Due for review” this long after its last edit or confirmation (${REVIEW.min}–${REVIEW.max}).`,
          }}
        />
        <FormMessage message={message} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save how long memories last'}
          </Button>
          {settings.conclusionLifetimeDays !== null ? (
            <Button variant="secondary" onClick={() => setApplying(true)}>
              Apply to existing conclusions…
            </Button>
          ) : null}
        </div>
      </form>
      {confirm.dialog}
      <ApplyLifetimeDialog
        tenantRef={tenantRef}
        open={applying}
        onClose={(text) => {
          setApplying(false);
          if (text) setMessage({ tone: 'ok', text });
        }}
      />
    </>
  );
}

function ApplyLifetimeDialog({ tenantRef, open, onClose }: { tenantRef: string; open: boolean; onClose: (text?: string) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const forecast = useQuery({ ...trpc.tenants.forecastLifetime.queryOptions({ tenantRef }), enabled: open, staleTime: 0 });
  const apply = useMutation(trpc.tenants.applyLifetime.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const data = forecast.data;
  const close = (text?: string) => {
    setError(null);
    onClose(text);
  };
  return (
    <Dialog
      open={open}
      onClose={() => close()}
      title="Apply the lifetime to existing conclusions?"
      description={
        forecast.isError ? (
          <p role="alert">{errorMessage(forecast.error, 'The forecast could not be worked out.')}</p>
        ) : !data ? (
          <p role="status">Counting the conclusions this would change…</p>
        ) : (
          <>
            <p>
              {data.withoutExpiry.toLocaleString('en-GB')} {data.withoutExpiry === 1 ? 'conclusion' : 'conclusions'} without an expiry would
              get one ({data.lifetimeDays} days after their last change).
            </p>
            <p className="mt-2 font-medium">
              {data.wouldExpireNow === 0
                ? 'None would expire now.'
                : `${data.wouldExpireNow.toLocaleString('en-GB')} would expire now: the assistant stops using them at once.`}
            </p>
          </>
        )
      }
    >
      {error ? (
        <p role="alert" className="mb-3 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => close()} autoFocus>
          Cancel
        </Button>
        <Button
          variant="danger"
          disabled={!data || data.withoutExpiry === 0 || apply.isPending}
          onClick={() =>
            data &&
            apply.mutate(
              { tenantRef, expectedCount: data.withoutExpiry },
              {
                onSuccess: () => {
                  void queryClient.invalidateQueries({ queryKey: trpc.tenants.pathKey() });
                  close(`The lifetime now applies to ${data.withoutExpiry.toLocaleString('en-GB')} existing conclusions.`);
                },
                onError: (e) => {
                  setError(errorMessage(e, 'The lifetime could not be applied. Nothing was changed.'));
                  void forecast.refetch();
                },
              },
            )
          }
        >
          {apply.isPending ? 'Applying…' : data ? `Apply to ${data.withoutExpiry.toLocaleString('en-GB')}` : 'Apply'}
        </Button>
      </div>
    </Dialog>
  );
}
