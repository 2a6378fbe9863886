// Precedence: one entry per key, the narrowest scope winning and carrying every value it beat.
import { byNarrowestThenNewest, byScopeThenKey, scopeOrder } from './ordering';
import type { MemoryRecord, ResolvedEntry } from './types';

export function applyPrecedence(records: readonly MemoryRecord[], scopes: readonly string[]): ResolvedEntry[] {
  const order = scopeOrder(scopes);
  const byKey = new Map<string, MemoryRecord[]>();
  for (const record of records) {
    // Backstop: a caller's filtering is never trusted, because a stray record here is another
    // person's or tenant's note in someone's prompt.
    if (!order.includes(record.scope)) continue;
    const group = byKey.get(record.key);
    if (group) group.push(record);
    else byKey.set(record.key, [record]);
  }

  const entries: ResolvedEntry[] = [];
  for (const group of byKey.values()) {
    const [winner, ...beaten] = [...group].sort(byNarrowestThenNewest(order));
    if (!winner) continue;
    entries.push({
      ...winner,
      overrides: beaten.map(({ scope, text, author }) => ({ scope, text, author })),
      // A pin belongs to the question, not to whichever record answers it now; otherwise a
      // personal override would silently switch an organisation's always-on policy off.
      alwaysOn: group.some((record) => record.pinned),
    });
  }
  return entries.sort(byScopeThenKey(order));
}
