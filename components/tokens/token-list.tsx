'use client';
// The tokens a person manages: name, organisation, permissions, the secret's first characters,
// when it was created and last used; "Revoke" after a confirmation (and the password, when the
// sign-in is older than ten minutes: useConfirmPassword, docs/operations.md "Sessions").
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ConfirmationCancelled, useConfirmPassword } from '@/components/auth/confirm-password-dialog';
import { RelativeTime } from '@/components/memories/relative-time';
import { useTRPC } from '@/components/trpc/client';
import { errorMessage } from '@/components/trpc/errors';
import type { ApiTokenSummary, RotatedApiToken } from '@/components/trpc/outputs';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PERMISSION_LABELS } from './permission-labels';
import { formatUtc } from '@/components/ui/format-utc';

function expiryWords(token: ApiTokenSummary): string {
  switch (token.state) {
    case 'retiring':
      return `Rotated: the old secret works until ${formatUtc(token.retiresAt ?? token.expiresAt!)}`;
    case 'retired':
      return `Rotated; refused since ${formatUtc(token.retiresAt!)}`;
    case 'expired':
      return `Expired ${formatUtc(token.expiresAt!)}`;
    case 'revoked':
      return token.expiresAt ? `Would have expired ${formatUtc(token.expiresAt)}` : 'Never expires';
    default:
      return token.expiresAt ? `Expires ${formatUtc(token.expiresAt)}` : 'Never expires';
  }
}

const STATE_BADGES: Record<ApiTokenSummary['state'], { tone: 'slate' | 'emerald' | 'amber'; label: string }> = {
  active: { tone: 'emerald', label: 'Active' },
  retiring: { tone: 'amber', label: 'Rotated' },
  revoked: { tone: 'slate', label: 'Revoked' },
  retired: { tone: 'slate', label: 'Revoked after rotation' },
  expired: { tone: 'slate', label: 'Expired' },
};

export function TokenList({
  tokens,
  tenantName,
  onRotated,
}: {
  tokens: ApiTokenSummary[];
  tenantName: (ref: string | null) => string;
  onRotated: (rotated: RotatedApiToken) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const revoke = useMutation(trpc.tokens.revoke.mutationOptions());
  const rotate = useMutation(trpc.tokens.rotate.mutationOptions());
  const [rotating, setRotating] = useState<ApiTokenSummary | null>(null);
  const confirm = useConfirmPassword();
  const [revoking, setRevoking] = useState<ApiTokenSummary | null>(null);
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);

  async function confirmRevoke(token: ApiTokenSummary) {
    setRevoking(null);
    try {
      await confirm.run((password) => revoke.mutateAsync({ id: token.id, password }));
      setNotice({ tone: 'ok', text: `“${token.name}” is revoked. Requests with it are refused from now on.` });
    } catch (error) {
      const text = error instanceof ConfirmationCancelled ? error.message : errorMessage(error, 'The token could not be revoked.');
      setNotice({ tone: 'error', text });
    }
    await queryClient.invalidateQueries(trpc.tokens.list.pathFilter());
    noticeRef.current?.focus();
  }

  async function confirmRotate(token: ApiTokenSummary) {
    setRotating(null);
    try {
      const rotated = await confirm.run((password) => rotate.mutateAsync({ id: token.id, password }));
      setNotice(null);
      onRotated(rotated);
    } catch (error) {
      const text = error instanceof ConfirmationCancelled ? error.message : errorMessage(error, 'The token could not be rotated.');
      setNotice({ tone: 'error', text });
      noticeRef.current?.focus();
    }
    await queryClient.invalidateQueries(trpc.tokens.list.pathFilter());
  }

  return (
    <section aria-labelledby="tokens-heading" className="min-w-0 space-y-3">
      <h2 id="tokens-heading" className="text-lg font-semibold">
        Tokens
      </h2>
      <p
        ref={noticeRef}
        tabIndex={-1}
        role={notice ? (notice.tone === 'error' ? 'alert' : 'status') : undefined}
        className={
          notice
            ? `rounded-md px-3 py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
                notice.tone === 'error'
                  ? 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200'
                  : 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100'
              }`
            : 'sr-only'
        }
      >
        {notice?.text ?? ''}
      </p>
      {tokens.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          No tokens yet. Create one for the runtime to send its diagnostics.
        </p>
      ) : (
        <ul
          aria-label="API tokens"
          className="divide-y divide-slate-100 rounded-md border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
        >
          {tokens.map((token) => (
            <li key={token.id} data-testid="token-row" className="flex flex-wrap items-start justify-between gap-3 px-4 py-3">
              <div className="min-w-0 space-y-1">
                <p className="font-medium break-words">
                  {token.name} <Badge tone={STATE_BADGES[token.state].tone}>{STATE_BADGES[token.state].label}</Badge>
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {tenantName(token.tenantRef)} · <span className="font-mono">{token.prefix}…</span>
                </p>
                <p className="flex flex-wrap gap-1">
                  {token.permissions.map((permission) => (
                    <Badge key={permission} tone="indigo">
                      {PERMISSION_LABELS[permission]?.label ?? permission}
                    </Badge>
                  ))}
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  Created <RelativeTime iso={token.createdAt} /> ·{' '}
                  {token.lastUsedAt ? (
                    <>
                      last used <RelativeTime iso={token.lastUsedAt} />
                    </>
                  ) : (
                    'never used'
                  )}
                  {token.revokedAt ? (
                    <>
                      {' '}
                      · revoked <RelativeTime iso={token.revokedAt} />
                    </>
                  ) : null}
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="token-expiry">
                  {expiryWords(token)}
                </p>
              </div>
              {token.state === 'active' || token.state === 'retiring' ? (
                <div className="flex flex-wrap gap-2">
                  {token.state === 'active' ? (
                    <Button variant="secondary" onClick={() => setRotating(token)} aria-label={`Rotate ${token.name}`}>
                      Rotate
                    </Button>
                  ) : null}
                  <Button variant="danger-outline" onClick={() => setRevoking(token)} aria-label={`Revoke ${token.name}`}>
                    Revoke
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={revoking !== null}
        onClose={() => !revoke.isPending && setRevoking(null)}
        title={revoking ? `Revoke “${revoking.name}”?` : ''}
        description={
          <p>Everything using this token is refused from its next request. This cannot be undone; create a new token if you need one.</p>
        }
      >
        {revoking ? (
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setRevoking(null)} disabled={revoke.isPending} autoFocus>
              Keep it
            </Button>
            <Button
              variant="danger"
              onClick={() => void confirmRevoke(revoking)}
              disabled={revoke.isPending}
              aria-busy={revoke.isPending || undefined}
            >
              {revoke.isPending ? 'Revoking…' : 'Revoke token'}
            </Button>
          </div>
        ) : null}
      </Dialog>
      <Dialog
        open={rotating !== null}
        onClose={() => !rotate.isPending && setRotating(null)}
        title={rotating ? `Rotate “${rotating.name}”?` : ''}
        description={
          <p>
            A new secret is made and shown once. The current secret keeps working for 24 hours, so the runtime can switch to the new one,
            and is refused after that.
          </p>
        }
      >
        {rotating ? (
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setRotating(null)} disabled={rotate.isPending} autoFocus>
              Cancel
            </Button>
            <Button onClick={() => void confirmRotate(rotating)} disabled={rotate.isPending} aria-busy={rotate.isPending || undefined}>
              {rotate.isPending ? 'Rotating…' : 'Rotate token'}
            </Button>
          </div>
        ) : null}
      </Dialog>
      {confirm.dialog}
    </section>
  );
}
