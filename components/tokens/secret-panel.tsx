'use client';
// The secret of a token just created: shown once, with a copy button.
import type { CreatedApiToken } from '@/components/trpc/outputs';
import { ShownOncePanel } from '@/components/ui/shown-once-panel';

export function SecretPanel({ token, onDone }: { token: CreatedApiToken; onDone: () => void }) {
  return (
    <ShownOncePanel
      headingId="secret-heading"
      heading={<>Token “{token.name}” created</>}
      focusKey={token.id}
      noun="secret"
      field={{ id: 'token-secret', label: 'Secret', value: token.secret }}
      doneLabel="I have stored it"
      onDone={onDone}
    >
      Copy the secret now and store it where the runtime reads it. It will not be shown again.
    </ShownOncePanel>
  );
}
