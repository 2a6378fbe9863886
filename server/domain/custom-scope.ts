// What a custom scope (depot:hh, "Hamburg depot") may look like, and which kinds a deployment
// offers (docs/concepts.md "Roles, custom scopes and memberships").
import { isReservedScopeKind, scopeKind, scopeRef } from './scope-tokens';

export const CUSTOM_SCOPE_REF_MAX = 64;
export const CUSTOM_SCOPE_LABEL_MAX = 80;
const KIND = /^[a-z][a-z0-9-]{0,31}$/;
const REF = /^[A-Za-z0-9._-]+$/;

export interface CustomScopeProblem {
  field: 'token' | 'label';
  message: string;
}

/**
 * The custom kinds a deployment offers: those named in its scope precedence, then those its
 * scopes already use, each once, in that order.
 */
export function customScopeKinds(precedence: readonly string[], definedKinds: readonly string[]): string[] {
  return [...new Set([...precedence, ...definedKinds])].filter((kind) => KIND.test(kind) && !isReservedScopeKind(kind));
}

/** Problems of a scope token (`<kind>:<ref>`, the kind one of `kinds`); empty when it is fine. */
export function validateCustomScope(token: string, kinds: readonly string[]): CustomScopeProblem[] {
  const kind = scopeKind(token);
  const ref = scopeRef(token);
  if (ref === null || !KIND.test(kind)) {
    return [{ field: 'token', message: 'token must look like <kind>:<name>, for example depot:hh.' }];
  }
  if (isReservedScopeKind(kind)) return [{ field: 'token', message: `token kind "${kind}" is built in and cannot be defined.` }];
  if (!kinds.includes(kind)) {
    const offered = kinds.length ? `one of ${kinds.join(', ')}` : 'none are configured (SCOPE_PRECEDENCE)';
    return [{ field: 'token', message: `token kind "${kind}" is not a configured scope kind; the kinds are ${offered}.` }];
  }
  if (ref.length === 0 || ref.length > CUSTOM_SCOPE_REF_MAX || !REF.test(ref)) {
    return [
      {
        field: 'token',
        message: `token name after "${kind}:" must be 1 to ${CUSTOM_SCOPE_REF_MAX} letters, digits, dots, dashes or underscores.`,
      },
    ];
  }
  return [];
}

/** Problems of a scope's label; empty when it is fine. The label is trimmed first. */
export function validateScopeLabel(label: string): CustomScopeProblem[] {
  const trimmed = label.trim();
  if (trimmed.length === 0) return [{ field: 'label', message: 'label is required, for example "Hamburg depot".' }];
  if ([...trimmed].length > CUSTOM_SCOPE_LABEL_MAX)
    return [{ field: 'label', message: `label is too long (at most ${CUSTOM_SCOPE_LABEL_MAX} characters).` }];
  return [];
}
