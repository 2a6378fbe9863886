// Plain sentences for publishing (docs/features.md "Publishing the assistant's conclusions"): what
// each place means, and what a refused publish tells the administrator to do.
import { ConfirmationCancelled } from '@/components/auth/confirm-password-dialog';
import type { PromotionTarget } from '@/components/trpc/outputs';
import { domainDetails, errorCode, errorMessage, fieldErrors } from '@/components/trpc/errors';

export function targetDescription(target: Pick<PromotionTarget, 'kind' | 'label'>): string {
  if (target.kind === 'global') return 'Every person in every organisation on this console.';
  if (target.kind === 'custom') return `Only the people in the group “${target.label}”.`;
  return `Every person in ${target.label}.`;
}

export interface CurrentRecord {
  text: string;
  version: number;
  pinned: boolean;
}

export type PromoteFailure =
  /** Someone changed (or created) the published fact meanwhile: show the new text, publish again to replace it. */
  | { kind: 'conflict'; message: string; current: CurrentRecord | null }
  /** The text itself: the messages name the field's limit. */
  | { kind: 'text'; message: string }
  | { kind: 'refused'; message: string };

export function promoteFailure(error: unknown): PromoteFailure {
  if (error instanceof ConfirmationCancelled)
    return { kind: 'refused', message: 'Nothing was published: your password was not confirmed.' };
  const code = errorCode(error);
  if (code === 'CONFLICT') {
    const current = (domainDetails(error)?.current ?? null) as CurrentRecord | null;
    const message = current
      ? `Someone changed this published fact while you were working. It now reads: “${current.text}”. ` +
        'Compare it with your text below; publishing again replaces it.'
      : errorMessage(error, 'The published fact changed while you were working. Publish again to continue.');
    return { kind: 'conflict', message, current };
  }
  const byField = fieldErrors(error);
  if (byField.text?.length) return { kind: 'text', message: byField.text.join(' ') };
  return { kind: 'refused', message: errorMessage(error, 'The fact could not be published.') };
}
