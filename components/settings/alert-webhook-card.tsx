'use client';
// "Alert webhook" on the settings page (docs/operations.md "Alert webhooks"): where the
// organisation's alerts are sent, a new secret on demand (shown once), removal after a
// confirmation, and the delivery log.
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ConfirmationCancelled, useConfirmPassword } from '@/components/auth/confirm-password-dialog';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useTRPC } from '@/components/trpc/client';
import { errorMessage, fieldErrors } from '@/components/trpc/errors';
import { WebhookDeliveryLog } from './webhook-delivery-log';
import { FormMessage, type FormMessageValue } from '@/components/ui/form-message';

export function AlertWebhookCard({ tenantRef }: { tenantRef: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(trpc.webhooks.get.queryOptions({ tenantRef }));
  const [url, setUrl] = useState(data.webhook?.url ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const secretRef = useRef<HTMLInputElement>(null);
  const save = useMutation(trpc.webhooks.save.mutationOptions());
  const remove = useMutation(trpc.webhooks.delete.mutationOptions());
  const confirm = useConfirmPassword();

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.get.queryKey({ tenantRef }) });
  const say = (tone: 'ok' | 'error', text: string) => setMessage({ tone, text });
  // A refused address: the focus goes to the field, whose error is read with it.
  const urlRef = useRef<HTMLInputElement>(null);
  const [urlAttempt, setUrlAttempt] = useState(0);
  useEffect(() => {
    if (urlAttempt > 0) urlRef.current?.focus();
  }, [urlAttempt]);
  // The secret takes the focus once it is on the page (it is shown once: copy it now).
  useEffect(() => {
    if (secret) secretRef.current?.focus();
  }, [secret]);

  function submit(rotateSecret: boolean, event?: FormEvent) {
    event?.preventDefault();
    // Our own message next to the field, not the browser's bubble (the form is noValidate).
    if (url.trim() === '') {
      setErrors({ url: ['Enter the address alerts are sent to.'] });
      setMessage(null);
      setUrlAttempt((count) => count + 1);
      return;
    }
    confirm
      .run((password) => save.mutateAsync({ tenantRef, url, rotateSecret, password }))
      .then(
        async (saved) => {
          setErrors({});
          await refresh();
          if (saved.secret) {
            setSecret(saved.secret);
            setMessage(null);
          } else say('ok', 'Saved. Alerts are sent to the new address from now on.');
        },
        (error: unknown) => {
          // An error about the address is shown once, under the field; the message below the
          // form is for the others.
          const fields = fieldErrors(error);
          setErrors(fields);
          if (Object.keys(fields).length > 0) {
            setMessage(null);
            setUrlAttempt((count) => count + 1);
          } else say('error', errorMessage(error, 'The webhook could not be saved.'));
        },
      );
  }

  function removeWebhook() {
    // Removing stops every alert going out: the password again after ten minutes, as saving.
    confirm
      .run((password) => remove.mutateAsync({ tenantRef, password }))
      .then(
        async () => {
          setConfirmingRemoval(false);
          setUrl('');
          setSecret(null);
          await refresh();
          say('ok', 'Removed. Alerts are no longer sent anywhere.');
        },
        (error: unknown) =>
          say('error', error instanceof ConfirmationCancelled ? error.message : errorMessage(error, 'The webhook could not be removed.')),
      );
  }

  return (
    <section
      aria-labelledby="webhook-heading"
      className="mt-8 max-w-2xl space-y-4 rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="webhook-heading" className="text-lg font-semibold">
        Alert webhook
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        When a standing policy stops reaching the assistant (an alert opens) and when that is over, the console can tell another system,
        such as your chat or paging tool.
      </p>
      <form onSubmit={(event) => submit(false, event)} noValidate className="space-y-3">
        <TextField
          label="Send alerts to (URL)"
          name="url"
          type="url"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          errors={errors.url}
          inputRef={urlRef}
          hint={{
            content: 'An https:// address on the public internet that accepts POST requests. Each one is signed with the secret below.',
          }}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : data.webhook ? 'Save address' : 'Turn on the webhook'}
          </Button>
          {data.webhook ? (
            <Button type="button" variant="secondary" disabled={save.isPending} onClick={() => submit(true)}>
              Make a new secret
            </Button>
          ) : null}
          {data.webhook && !confirmingRemoval ? (
            <Button type="button" variant="secondary" onClick={() => setConfirmingRemoval(true)}>
              Remove webhook…
            </Button>
          ) : null}
        </div>
      </form>
      {confirmingRemoval ? (
        <div
          role="group"
          aria-label="Confirm removal"
          className="flex flex-wrap items-center gap-2 rounded-md bg-amber-50 p-3 text-sm dark:bg-amber-950"
        >
          <span>Stop sending alerts? Deliveries not yet sent are cancelled.</span>
          <Button type="button" onClick={removeWebhook} disabled={remove.isPending} autoFocus>
            Yes, remove it
          </Button>
          <Button type="button" variant="secondary" onClick={() => setConfirmingRemoval(false)}>
            Keep it
          </Button>
        </div>
      ) : null}
      {secret ? (
        <div className="rounded-md border border-emerald-300 bg-emerald-50 p-3 dark:border-emerald-800 dark:bg-emerald-950/50">
          <label htmlFor="webhook-secret" className="block text-sm font-medium">
            Signing secret (shown once: copy it into the receiving system now)
          </label>
          <input
            id="webhook-secret"
            ref={secretRef}
            readOnly
            value={secret}
            onFocus={(event) => event.currentTarget.select()}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-xs text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
          />
        </div>
      ) : null}
      <FormMessage message={message} />
      {confirm.dialog}
      {data.webhook ? (
        <>
          <h3 className="text-base font-semibold">Latest deliveries</h3>
          <WebhookDeliveryLog deliveries={data.deliveries} />
        </>
      ) : null}
    </section>
  );
}
