// The orders the core relies on, defined once so precedence, selection and rendering never disagree.

export interface ScopeOrder {
  includes(scope: string): boolean;
  /** Position in the resolved list (0 = narrowest); scopes outside it rank after every listed one. */
  rank(scope: string): number;
}

export function scopeOrder(scopes: readonly string[]): ScopeOrder {
  const index = new Map<string, number>();
  scopes.forEach((scope, position) => {
    if (!index.has(scope)) index.set(scope, position);
  });
  return {
    includes: (scope) => index.has(scope),
    rank: (scope) => index.get(scope) ?? scopes.length,
  };
}

/** Code-unit comparison: unlike localeCompare it gives the same answer on every machine. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// An invalid date counts as the stalest possible, so one bad row cannot make a sort inconsistent.
function timeOf(date: Date): number {
  const time = date.getTime();
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

function newestFirst(a: Date, b: Date): number {
  const ta = timeOf(a);
  const tb = timeOf(b);
  return ta > tb ? -1 : ta < tb ? 1 : 0;
}

interface Placed {
  id: string;
  key: string;
  scope: string;
  updatedAt: Date;
}

/** Display order: by scope (narrow to wide), then key. Never by score or recency. */
export function byScopeThenKey(order: ScopeOrder): (a: Placed, b: Placed) => number {
  return (a, b) => order.rank(a.scope) - order.rank(b.scope) || compareText(a.key, b.key) || compareText(a.id, b.id);
}

/** Who survives when room runs out: narrowest scope, then newest, then key and id for stability. */
export function byNarrowestThenNewest(order: ScopeOrder): (a: Placed, b: Placed) => number {
  return (a, b) =>
    order.rank(a.scope) - order.rank(b.scope) ||
    newestFirst(a.updatedAt, b.updatedAt) ||
    compareText(a.key, b.key) ||
    compareText(a.id, b.id);
}
