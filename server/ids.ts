// Record ids: a short prefix naming the kind of record, then a ULID (sortable by creation time).
// Services never call newId directly; they take it from their ServiceContext
// (server/services/context.ts), so tests can fix the ids they expect.
import { ulid } from 'ulid';

export type IdPrefix = 'mem' | 'usr' | 'grt' | 'aud' | 'thr' | 'evt' | 'alr' | 'tok' | 'run' | 'ses' | 'job' | 'whd';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${ulid()}`;
}

/** Whether `id` has the shape newId gives (prefix, then a 26-character Crockford ULID). */
export function isIdOf(prefix: IdPrefix, id: string): boolean {
  return id.startsWith(`${prefix}_`) && ULID.test(id.slice(prefix.length + 1));
}
