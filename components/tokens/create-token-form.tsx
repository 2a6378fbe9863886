'use client';
// Creating an API token: a name, the organisation it belongs to, and the permissions the person
// may grant there (the server checks them again). A sign-in older than ten minutes is asked for
// the password first (useConfirmPassword, docs/operations.md "Sessions").
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ConfirmationCancelled, useConfirmPassword } from '@/components/auth/confirm-password-dialog';
import { useTRPC } from '@/components/trpc/client';
import { errorMessage, fieldErrors } from '@/components/trpc/errors';
import type { CreatedApiToken, TokenTenantOption } from '@/components/trpc/outputs';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { PERMISSION_LABELS } from './permission-labels';

const tenantKey = (ref: string | null) => ref ?? '*';

/** The expiries offered (in days; '' never expires). The server accepts 1 to 730 days. */
const EXPIRY_CHOICES: [string, string][] = [
  ['', 'Never'],
  ['30', 'In 30 days'],
  ['90', 'In 90 days'],
  ['365', 'In a year'],
];

export function CreateTokenForm({ tenants, onCreated }: { tenants: TokenTenantOption[]; onCreated: (token: CreatedApiToken) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.tokens.create.mutationOptions());
  const confirm = useConfirmPassword();
  const [name, setName] = useState('');
  const [tenant, setTenant] = useState(tenantKey(tenants[0]?.ref ?? null));
  const [permissions, setPermissions] = useState<string[]>(['events:write']);
  const [expiry, setExpiry] = useState('');
  const selected = tenants.find((option) => tenantKey(option.ref) === tenant);
  const grantable: string[] = selected?.grantable ?? [];
  const chosen = permissions.filter((permission) => grantable.includes(permission));
  const errors = create.error ? fieldErrors(create.error) : {};

  if (tenants.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">You may not create API tokens for any organisation.</p>;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!selected) return;
    const input = {
      name,
      tenantRef: selected.ref,
      permissions: chosen as CreatedApiToken['permissions'],
      expiresInDays: expiry === '' ? null : Number(expiry),
    };
    try {
      const token = await confirm.run((password) => create.mutateAsync({ ...input, password }));
      setName('');
      onCreated(token);
      void queryClient.invalidateQueries(trpc.tokens.list.pathFilter());
    } catch (error) {
      // The error is shown from create.error; a cancelled confirmation changed nothing.
      if (!(error instanceof ConfirmationCancelled)) return;
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="create-token-heading"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="create-token-heading" className="text-lg font-semibold">
        New token
      </h2>
      <TextField
        label="Name"
        value={name}
        maxLength={100}
        required
        onChange={(event) => setName(event.target.value)}
        hint={{ content: 'Where it is used, e.g. "Runtime production".' }}
        errors={errors.name}
      />
      <div>
        <label htmlFor="token-tenant" className="block text-sm font-medium">
          Organisation
        </label>
        <select
          id="token-tenant"
          value={tenant}
          onChange={(event) => setTenant(event.target.value)}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-950"
        >
          {tenants.map((option) => (
            <option key={tenantKey(option.ref)} value={tenantKey(option.ref)}>
              {option.ref === null ? 'Every organisation (metrics only)' : option.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="token-expiry" className="block text-sm font-medium">
          Expires
        </label>
        <select
          id="token-expiry"
          value={expiry}
          onChange={(event) => setExpiry(event.target.value)}
          aria-describedby="token-expiry-hint"
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-950"
        >
          {EXPIRY_CHOICES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <p id="token-expiry-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          From then on the runtime is refused with this token, as if it were revoked.
        </p>
        {errors.expiresInDays ? <p className="mt-1 text-sm text-red-700 dark:text-red-400">{errors.expiresInDays.join(' ')}</p> : null}
      </div>
      <fieldset>
        <legend className="text-sm font-medium">Permissions</legend>
        <div className="mt-2 space-y-2">
          {grantable.map((permission) => (
            <label key={permission} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-indigo-600"
                checked={chosen.includes(permission)}
                onChange={(event) =>
                  setPermissions((current) => (event.target.checked ? [...current, permission] : current.filter((p) => p !== permission)))
                }
              />
              <span>
                <span className="font-medium">{PERMISSION_LABELS[permission]?.label ?? permission}</span>
                <span className="block text-xs text-slate-600 dark:text-slate-400">{PERMISSION_LABELS[permission]?.hint}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.permissions ? <p className="mt-1 text-sm text-red-700 dark:text-red-400">{errors.permissions.join(' ')}</p> : null}
      </fieldset>
      {create.error && !errors.name && !errors.permissions && !errors.expiresInDays ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {errorMessage(create.error, 'The token could not be created.')}
        </p>
      ) : null}
      <Button type="submit" disabled={create.isPending || chosen.length === 0 || name.trim() === ''}>
        {create.isPending ? 'Creating…' : 'Create token'}
      </Button>
      {confirm.dialog}
    </form>
  );
}
