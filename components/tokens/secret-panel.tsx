'use client';
// The secret of a token just created: shown once, with a copy button.
import type { CreatedApiToken } from '@/components/trpc/outputs';
import { ShownOncePanel } from '@/components/ui/shown-once-panel';
import { formatUtc } from '@/components/ui/format-utc';

export function SecretPanel({
  token,
  onDone,
  rotatedUntil,
}: {
  token: Pick<CreatedApiToken, 'id' | 'name' | 'secret'>;
  onDone: () => void;
  /** A rotation: until when the old secret is still accepted (ISO). */
  rotatedUntil?: string;
}) {
  return (
    <ShownOncePanel
      headingId="secret-heading"
      heading={rotatedUntil ? <>Token “{token.name}” rotated</> : <>Token “{token.name}” created</>}
      focusKey={token.id}
      noun="secret"
      field={{ id: 'token-secret', label: 'Secret', value: token.secret }}
      doneLabel="I have stored it"
      onDone={onDone}
    >
      Copy the secret now and store it where the runtime reads it. It will not be shown again.
      {rotatedUntil ? <> The old secret keeps working until {formatUtc(rotatedUntil)}, then it is refused.</> : null}
    </ShownOncePanel>
  );
}
