// Scope tokens: how they are built, what kind each is, and how a person should see one named.

export const GLOBAL_SCOPE = 'global';
export const ACTOR_KIND = 'actor';
export const TENANT_KIND = 'tenant';
export const GLOBAL_KIND = 'global';

/** Kinds the console itself understands; every other kind is minted by a deployment. */
export const RESERVED_SCOPE_KINDS: readonly string[] = [ACTOR_KIND, TENANT_KIND, GLOBAL_KIND];

export function actorScope(actorRef: string): string {
  return `${ACTOR_KIND}:${actorRef}`;
}

/**
 * The longest tenant ref: an organisation's ref is 1 to 63 of a-z, 0-9 and `-` (a DNS label, so it
 * can name a host or a folder as it is), which is how organisations are created.
 */
export const TENANT_REF_MAX_CHARS = 63;

export function tenantScope(tenantRef: string): string {
  return `${TENANT_KIND}:${tenantRef}`;
}

/** The part before the first `:`; a token without one (such as `global`) is its own kind. */
export function scopeKind(scope: string): string {
  const colon = scope.indexOf(':');
  return colon === -1 ? scope : scope.slice(0, colon);
}

/** The part after the first `:`, or null for a token that names no one (such as `global`). */
export function scopeRef(scope: string): string | null {
  const colon = scope.indexOf(':');
  return colon === -1 ? null : scope.slice(colon + 1);
}

export function isReservedScopeKind(kind: string): boolean {
  return RESERVED_SCOPE_KINDS.includes(kind);
}

/**
 * How a scope reads on a badge. `mine` only for the viewer's own actor scope, so an administrator
 * reviewing someone else's notes never sees them labelled as their own.
 */
export type ScopeAudience = 'mine' | 'personal' | 'custom' | 'organisation' | 'everyone';

export interface ScopeDescription {
  audience: ScopeAudience;
  /** Short lowercase badge text: `mine`, `personal`, the custom kind (e.g. `depot`), `organisation`, `everyone`. */
  label: string;
  kind: string;
  ref: string | null;
}

export function describeScope(scope: string, viewerActorRef?: string): ScopeDescription {
  const kind = scopeKind(scope);
  const ref = scopeRef(scope);
  if (kind === ACTOR_KIND) {
    const mine = viewerActorRef !== undefined && scope === actorScope(viewerActorRef);
    return mine ? { audience: 'mine', label: 'mine', kind, ref } : { audience: 'personal', label: 'personal', kind, ref };
  }
  if (kind === TENANT_KIND) return { audience: 'organisation', label: 'organisation', kind, ref };
  if (scope === GLOBAL_SCOPE) return { audience: 'everyone', label: 'everyone', kind, ref };
  return { audience: 'custom', label: kind, kind, ref };
}
