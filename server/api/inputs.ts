// The input types every edge shares: the tRPC routers, the runtime API's wire schemas
// (server/runtime/schemas.ts) and the diagnostics' event schema. One string type for every string
// that may reach SQL, so a new field cannot forget the check (docs/architecture.md "Strings at
// the edge"); server/api/inputs.attack.test.ts walks every procedure to prove none does.
// Imports only Zod and the domain, so the runtime's client can share it.
import { z } from 'zod';
import { describeUnstorableText, unstorableTextReason } from '../domain';
import { DomainError } from '../errors/domain-error';

/** The field's name as the refusal says it: `cursor.key`, `scopes.2`, or `value` at the top. */
function fieldName(path: readonly PropertyKey[] | undefined): string {
  return path && path.length > 0 ? path.map(String).join('.') : 'value';
}

/**
 * A string PostgreSQL can take as sent: no NUL, no lone surrogate (400 naming the field). Use it
 * instead of `z.string()` for every input; add limits as usual (`inputString.max(200, '…')`).
 */
export const inputString = z.string().refine((value) => unstorableTextReason(value) === null, {
  // Worded when the issue is reported, so the field's whole path is known.
  error: (issue) => `${fieldName(issue.path)} ${describeUnstorableText(unstorableTextReason(String(issue.input))!)}`,
});

/**
 * The input of a REST handler (a query string, say) parsed with its schema, or the refusal to
 * answer with: a DomainError INVALID (400) whose message names each field and its limit, as a
 * procedure's would.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fieldErrors = parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
  throw new DomainError('INVALID', fieldErrors.map((error) => error.message).join(' '), { fieldErrors });
}
