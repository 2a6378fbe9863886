// What the console says for each refusal reason (server/domain/refusals.ts), in one place: every
// page that words a refusal itself, instead of showing the server's sentence, takes its words from
// here. The server's sentence stays the first choice where it names specifics (a limit, a key, a
// version); these are the console's own, and a new reason does not compile until it has them.
import { MUTED_FACT_PIN_MESSAGE, PINNED_FACT_MUTE_MESSAGE, type RefusalReason } from '@/server/domain';
import { domainDetails } from './errors';

export const REFUSAL_WORDS: Record<RefusalReason, string> = {
  NOT_ADMINISTRATOR: 'This needs administrator rights you do not hold. Ask an administrator of your organisation.',
  NEEDS_GLOBAL_GRANT: 'Only a global administrator may do this for everyone.',
  NOT_OPERATOR_OR_ADMINISTRATOR: 'This is for operators and administrators of the organisation.',
  PERMISSION_NOT_GRANTABLE: 'You may not grant that permission on this organisation’s tokens. Ask one of its administrators.',
  ALL_TENANTS_METRICS_ONLY: 'A token for every organisation may only read metrics.',
  TOKEN_NOT_TENANT_BOUND: 'This API token belongs to no single organisation, so it reads no memories.',
  SCOPE_OUTSIDE_TENANT: 'That scope is outside the API token’s organisation.',
  ACTOR_OUTSIDE_TENANT: 'That person is outside the API token’s organisation.',
  UNKNOWN_PERSON: 'That person does not exist or is not visible to you.',
  UNKNOWN_SCOPE: 'That scope does not exist or is not visible to you.',
  OTHER_TENANT_SCOPE: 'A role must be for a scope of the person’s own organisation.',
  OPERATOR_ONLY_FOR_TENANT: 'The operator role is given for a whole organisation or for everyone, not for a group.',
  LAST_ADMINISTRATOR: 'This would leave the organisation without an administrator. Make someone else one first.',
  SELF: 'You cannot do this to your own account. Ask another administrator.',
  DISABLED: 'This account is disabled. Enable it first.',
  NO_PASSWORD: 'This account signs in with single sign-on; its password is changed there.',
  SCOPE_TAKEN: 'That scope exists already. Choose another name.',
  SCOPE_HOLDS_MEMORIES: 'This scope still holds memories. Delete or move them first.',
  SCOPE_NOT_APPLICABLE: 'That scope does not exist or is not visible to you.',
  AGENT_ABOVE_OWN_SCOPE: 'The assistant may only write at the scope of the person it runs for.',
  ANOTHER_PERSONS_SCOPE: 'A person’s own memories are theirs: nobody else can change them.',
  HELD_AT_WIDER_SCOPE: 'This memory is shared with others; only an administrator can change it.',
  PERSONS_OWN_STATEMENT: 'This is something the person said themselves; the assistant cannot remove it.',
  REPLACES_OWN_STATEMENT: 'This would replace something the person said themselves; the assistant cannot do that.',
  QUOTA_EXCEEDED: 'You hold as many memories as your organisation allows. Delete some, then save again.',
  KEY_TAKEN: 'One of your memories already uses that key. Update it, or keep both under another key.',
  // The server's own sentences (server/domain/memory-life.ts): the console has nothing to add.
  PINNED_FACT: PINNED_FACT_MUTE_MESSAGE,
  MUTED_FACT: MUTED_FACT_PIN_MESSAGE,
  PERSONAL_SCOPE: 'This concerns one person’s own memories, which cannot be used here.',
  PIN_OVER_BUDGET: 'Making this always on leaves other always-on facts out for some people. Confirm to go ahead.',
  NOT_A_RECORD_CHANGE: 'Only changes to one shared fact can be undone.',
  CHANGED_SINCE: 'This fact was changed since, so the change can no longer be undone.',
  DELETED_SINCE: 'This fact was deleted since, so there is nothing to undo the change on.',
  RECREATED_SINCE: 'This fact was deleted and created again since, so the change can no longer be undone.',
  REAUTH_REQUIRED: 'Confirm your password to continue.',
  REAUTH_FAILED: 'That password is not correct. Try again.',
  REAUTH_SIGN_IN_AGAIN: 'Sign in again to continue.',
  WRITER_INACTIVE: 'Your account was disabled or signed out, so nothing was changed. Sign in again.',
  LINK_USED: 'This link has already been used. Ask your administrator for a new one.',
  LINK_EXPIRED: 'This link has expired. Ask your administrator for a new one.',
  LINK_UNKNOWN: 'This link does not work. Ask your administrator for a new one.',
  TOKEN_ALREADY_ROTATED: 'This token was rotated already. Rotate its replacement instead.',
  TOKEN_INACTIVE: 'This token is revoked or expired, so it cannot be rotated. Create a new one.',
};

/** The reason a refused call names, or null (a missing record, a network failure, no refusal). */
export function refusalReason(error: unknown): RefusalReason | null {
  return domainDetails(error)?.reason ?? null;
}

/** The console's words for the reason a refused call names, or null when it names none. */
export function refusalWords(error: unknown): string | null {
  const reason = refusalReason(error);
  return reason === null ? null : REFUSAL_WORDS[reason];
}
