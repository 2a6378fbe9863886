// The console's words, one for each idea (docs/features.md "Words"), so the pages speak alike:
// a scope is named for people ("Berlin office", "Hamburg depot", "Everyone on this console"), never
// by its token; always on is "always on" (the database says pinned); the per-turn limit is
// "memories per turn" (the setting `maxMemories`); a custom scope is a "group"; making a
// conclusion a fact is "publish" (the code says promote); what the assistant holds are "memories".
// A token stays available for the curious in <TechnicalToken>, marked `data-technical`: the one
// place e2e/vocabulary.spec.ts lets a raw token show.
import type { ReactNode } from 'react';
import { GLOBAL_SCOPE, scopeKind, TENANT_KIND } from '@/server/domain';
import { WORDS } from './words';

export { perTurnLimit, WORDS } from './words';

/** Names of scopes the page knows (token → "Berlin office"), from the server's labels. */
export type ScopeNames = Readonly<Record<string, string>>;

/**
 * How a scope reads for people: its label when the page knows it, "Everyone on this console" for
 * `global`, and otherwise what kind of place it is ("an organisation", "a group") — never the token.
 */
export function scopeName(scope: string, names: ScopeNames = {}): string {
  const named = names[scope];
  if (named) return named;
  if (scope === GLOBAL_SCOPE) return WORDS.everyone;
  return scopeKind(scope) === TENANT_KIND ? 'their organisation' : `a ${WORDS.group}`;
}

/** A kind of scope as a chart legend names it: `actor` is "Personal", `tenant` "Organisation". */
export function scopeKindName(kind: string): string {
  if (kind === 'actor') return 'Personal';
  if (kind === TENANT_KIND) return 'Organisation';
  if (kind === GLOBAL_SCOPE) return 'Everyone';
  return `Group (${kind})`;
}

/** A token or setting name for the curious, beside its name: monospace, and allowed to be raw. */
export function TechnicalToken({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <code data-technical className={className ?? 'font-mono text-xs break-all text-slate-600 dark:text-slate-400'}>
      {children}
    </code>
  );
}

/** A scope's name with its token beside it for the curious (the token only when it adds something). */
export function ScopeName({ scope, names }: { scope: string; names?: ScopeNames }) {
  const name = scopeName(scope, names);
  return (
    <span title={scope}>
      {name}
      {scope !== GLOBAL_SCOPE && !names?.[scope] ? (
        <>
          {' '}
          <TechnicalToken>{scope}</TechnicalToken>
        </>
      ) : null}
    </span>
  );
}
