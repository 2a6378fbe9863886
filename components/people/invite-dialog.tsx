'use client';
// Inviting someone: email, name and (for someone who administers several) the organisation. The
// server answers the one-time link, which the page shows once.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ConfirmationCancelled, useConfirmPassword } from '@/components/auth/confirm-password-dialog';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormMessage, type FormMessageValue } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';
import { useTRPC } from '@/components/trpc/client';
import { errorMessage, fieldErrors } from '@/components/trpc/errors';
import type { RouterOutputs } from '@/components/trpc/outputs';

export type Invited = RouterOutputs['people']['invite'];

export function InviteDialog({
  open,
  onClose,
  onInvited,
  defaultTenant,
}: {
  open: boolean;
  onClose: () => void;
  onInvited: (invited: Invited) => void;
  defaultTenant: string;
}) {
  const trpc = useTRPC();
  const confirm = useConfirmPassword();
  const tenants = useQuery({ ...trpc.tenants.administered.queryOptions(), enabled: open });
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [tenantRef, setTenantRef] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const invite = useMutation(trpc.people.invite.mutationOptions());
  const choices = tenants.data ?? [];
  const chosen = tenantRef || (choices.some((tenant) => tenant.ref === defaultTenant) ? defaultTenant : (choices[0]?.ref ?? defaultTenant));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setMessage(null);
    try {
      const invited = await confirm.run((password) => invite.mutateAsync({ email: email.trim(), name, tenantRef: chosen, password }));
      setEmail('');
      setName('');
      onInvited(invited);
    } catch (error) {
      if (error instanceof ConfirmationCancelled) {
        setMessage({ tone: 'error', text: error.message });
        return;
      }
      setErrors(fieldErrors(error));
      setMessage({ tone: 'error', text: errorMessage(error, 'The invite could not be made.') });
    }
  }

  return (
    <>
      <Dialog
        open={open && !confirm.dialog}
        onClose={onClose}
        title="Invite someone"
        description="They get a one-time link to set their password. No email is sent: you copy the link and give it to them."
      >
        <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
          <TextField
            label="Email"
            type="email"
            autoComplete="off"
            autoFocus
            required
            maxLength={254}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            errors={errors.email}
          />
          <TextField
            label="Name"
            autoComplete="off"
            required
            maxLength={120}
            value={name}
            onChange={(event) => setName(event.target.value)}
            errors={errors.name}
          />
          {choices.length > 1 ? (
            <div>
              <label htmlFor="invite-tenant" className="block text-sm font-medium">
                Organisation
              </label>
              <select
                id="invite-tenant"
                value={chosen}
                onChange={(event) => setTenantRef(event.target.value)}
                className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-950"
              >
                {choices.map((tenant) => (
                  <option key={tenant.ref} value={tenant.ref}>
                    {tenant.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <FormMessage message={message} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={invite.isPending} aria-busy={invite.isPending || undefined}>
              {invite.isPending ? 'Inviting…' : 'Create invite link'}
            </Button>
          </div>
        </form>
      </Dialog>
      {confirm.dialog}
    </>
  );
}
