// How the People page describes a person (docs/features.md "People"): their status, and their
// roles in people's words. Pure: the labels of organisations and groups are handed in.
import { GLOBAL_SCOPE, TENANT_KIND, scopeKind } from './scope-tokens';

export type PersonStatus = 'active' | 'disabled' | 'invited';

/**
 * Disabled wins; someone who has neither a password nor ever had a session has not taken up their
 * invite yet (single sign-on people get a session at their first sign-in); everyone else is active.
 */
export function personStatus(person: { disabled: boolean; hasPassword: boolean; lastActiveAt: Date | null }): PersonStatus {
  if (person.disabled) return 'disabled';
  if (!person.hasPassword && person.lastActiveAt === null) return 'invited';
  return 'active';
}

export type RoleName = 'admin' | 'operator';

const ROLE_WORDS: Record<RoleName, string> = { admin: 'Administrator', operator: 'Operator' };

/** What a `global` grant reaches, in people's words. */
export const EVERY_ORGANISATION = 'every organisation';

/**
 * "Administrator of Berlin office", "Operator of every organisation"; `label` names the scope
 * (an organisation's or a group's name) and is used as it is, the global scope has words of its own.
 */
export function describeRole(grant: { role: RoleName; scope: string }, label: string): string {
  return `${ROLE_WORDS[grant.role]} of ${grant.scope === GLOBAL_SCOPE ? EVERY_ORGANISATION : label}`;
}

/** Roles in the order the page lists them: the widest reach first, then administrators before operators. */
export function compareRoles(a: { role: RoleName; scope: string }, b: { role: RoleName; scope: string }): number {
  const reach = (scope: string) => (scope === GLOBAL_SCOPE ? 0 : scopeKind(scope) === TENANT_KIND ? 1 : 2);
  return (
    reach(a.scope) - reach(b.scope) ||
    (a.role === b.role ? 0 : a.role === 'admin' ? -1 : 1) ||
    (a.scope < b.scope ? -1 : a.scope > b.scope ? 1 : 0)
  );
}
