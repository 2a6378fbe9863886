// The input types every edge shares: the tRPC routers, the runtime API's wire schemas
// (server/runtime/schemas.ts) and the diagnostics' event schema. One string type for every string
// that may reach SQL, so a new field cannot forget the check (docs/architecture.md "Strings at
// the edge"); server/api/inputs.attack.test.ts walks every procedure to prove none does.
// Imports only Zod, the domain and the shape of ids, so the runtime's client can share it.
//
// Beside it, the fragments every edge builds its inputs from: an id, a tenant ref, a password, a
// page cursor, search text and so on, each with one limit and one wording of it ("<field> must be
// at most N characters", "<field> is required", the field named by its path as in `cursor.id`).
// A field of a kind listed here uses the fragment, never a limit of its own (docs/architecture.md
// "How to add… an input").
import { z } from 'zod';
import { MAX_KEY_CHARS, MAX_PASSWORD_BYTES, TENANT_REF_MAX_CHARS, describeUnstorableText, unstorableTextReason } from '../domain';
import { DomainError } from '../errors/domain-error';
import { ID_MAX_CHARS } from '../ids';

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

/** The refusal of a string over `max`, worded the one way every limit is. */
function atMost(max: number) {
  return { error: (issue: { path?: PropertyKey[] }) => `${fieldName(issue.path)} must be at most ${max} characters` };
}

/** For `.min(1, required)`: an empty string where one is needed. */
export const required = { error: (issue: { path?: PropertyKey[] }) => `${fieldName(issue.path)} is required` };

/** An `inputString` of at most `max` characters (UTF-16 code units, as `String.length` counts them). */
export function inputText(max: number) {
  return inputString.max(max, atMost(max));
}

/** The limit of each fragment below (what docs/architecture.md "Strings at the edge" lists). */
export const INPUT_LIMITS = {
  /** Every id newId makes is this long (server/ids.ts); a longer one names nothing. */
  id: ID_MAX_CHARS,
  /** An organisation's ref is 1 to 63 of a-z, 0-9 and `-`. */
  tenantRef: TENANT_REF_MAX_CHARS,
  /**
   * No password longer than bcrypt reads (MAX_PASSWORD_BYTES bytes) can be set, and a string of
   * more UTF-16 units than that is more bytes than that in UTF-8: a longer one is never right.
   */
  password: MAX_PASSWORD_BYTES,
  /** A page's cursor as the console gives it out (the longest: a review group's, base64 of its key and tenant). */
  cursor: 1000,
  /** What a person or the runtime searches for, or filters by in words. */
  searchText: 500,
  /** A person's name, an API token's name. */
  name: 120,
  /** A scope token: `global`, `tenant:berlin`, `actor:<actorRef>`, `depot:hh`. */
  scope: 200,
  /** A memory key as stored (KEY_PATTERN, at most MAX_KEY_CHARS). */
  key: MAX_KEY_CHARS,
  /** What the runtime names itself by: actorRef, threadId, runId. */
  runtimeRef: 128,
  /**
   * The key and text of a memory being written: only the payload is bounded here, generously; the
   * fact rules (validateFact) name the real limits, with a reason the forms turn into a sentence.
   */
  writtenKey: 1000,
  writtenText: 10_000,
  /** An e-mail address (RFC 5321's path limit). */
  email: 254,
} as const;

/** A record's id of any kind (`mem_…`, `usr_…`): any text of that length; one that names nothing is answered NOT_FOUND. */
export const inputId = inputText(INPUT_LIMITS.id);
export const tenantRef = inputText(INPUT_LIMITS.tenantRef);
/** A password to check or to set; the password rules (validateNewPassword) decide what may be set. */
export const password = inputText(INPUT_LIMITS.password);
/** An opaque page cursor; one the console did not give out is refused by the service that reads it. */
export const pageCursor = inputText(INPUT_LIMITS.cursor);
export const searchText = inputText(INPUT_LIMITS.searchText);
export const displayName = inputText(INPUT_LIMITS.name);
export const scopeToken = inputText(INPUT_LIMITS.scope);
/** A key to look up, filter by or page from (a written one is `writtenKey`). */
export const memoryKey = inputText(INPUT_LIMITS.key);
export const runtimeRef = inputText(INPUT_LIMITS.runtimeRef);
export const writtenKey = inputText(INPUT_LIMITS.writtenKey);
export const writtenText = inputText(INPUT_LIMITS.writtenText);
export const emailAddress = z.email('email is not a valid email address').max(INPUT_LIMITS.email, atMost(INPUT_LIMITS.email));

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
