// The audit log's filters as the router and the export route accept them: every string bounded,
// dates as ISO-8601 instants.
import { z } from 'zod';
import { inputText, memoryKey, pageCursor, scopeToken, searchText } from '../inputs';

const instant = (field: string) =>
  z.iso
    .datetime({ offset: true, message: `${field} must be a date and time like 2026-11-30T12:00:00Z` })
    .transform((value) => new Date(value))
    .optional();

export const AUDIT_PAGE_MAX = 100;

export const auditFilterSchema = z.object({
  // An action's name (memory.saved, person.disabled): the longest is far shorter.
  action: inputText(64).trim().optional(),
  person: searchText.trim().optional(),
  scope: scopeToken.trim().optional(),
  key: memoryKey.trim().optional(),
  from: instant('from'),
  to: instant('to'),
});

export const auditListSchema = auditFilterSchema.extend({
  after: pageCursor.optional(),
  limit: z.number().int().min(1, 'limit must be at least 1').max(AUDIT_PAGE_MAX, `limit must be at most ${AUDIT_PAGE_MAX}`).default(25),
});

/** Empty strings (an unset filter field in a form or URL) mean "no filter". */
export function withoutEmpty<T extends Record<string, unknown>>(filter: T): T {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== '' && value !== undefined)) as T;
}
