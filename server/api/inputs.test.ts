// The shared input fragments (server/api/inputs.ts): each takes exactly its limit, refuses one
// character more naming the field and the limit in the one wording, and refuses unstorable text.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  displayName,
  emailAddress,
  inputId,
  memoryKey,
  pageCursor,
  password,
  required,
  runtimeRef,
  scopeToken,
  searchText,
  tenantRef,
  writtenKey,
  writtenText,
} from './inputs';

function problems(schema: z.ZodType, value: unknown): string[] {
  const parsed = z.object({ field: schema }).safeParse({ field: value });
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

describe('input fragments', () => {
  it.each([
    ['an id', inputId, 30],
    ['a tenant ref', tenantRef, 63],
    ['a password', password, 72],
    ['a page cursor', pageCursor, 1000],
    ['search text', searchText, 500],
    ['a name', displayName, 120],
    ['a scope token', scopeToken, 200],
    ['a memory key to look up', memoryKey, 64],
    ['a runtime ref (actorRef, threadId, runId)', runtimeRef, 128],
    ['a written key (payload bound)', writtenKey, 1000],
    ['a written text (payload bound)', writtenText, 10_000],
  ])('%s: at most %i characters', (_kind, schema, limit) => {
    expect(problems(schema, 'x'.repeat(limit))).toEqual([]);
    expect(problems(schema, 'x'.repeat(limit + 1))).toEqual([`field must be at most ${limit} characters`]);
    expect(problems(schema, 'a\u0000b')).toEqual(['field must not contain the NUL character (U+0000)']);
  });

  it('names a nested field by its path', () => {
    const parsed = z
      .object({ cursor: z.object({ id: inputId }), ids: z.array(inputId) })
      .safeParse({ cursor: { id: 'x'.repeat(31) }, ids: ['a', 'y'.repeat(40)] });
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
      'cursor.id must be at most 30 characters',
      'ids.1 must be at most 30 characters',
    ]);
  });

  it('words a required field the one way', () => {
    expect(problems(displayName.trim().min(1, required), '   ')).toEqual(['field is required']);
  });

  it('takes an e-mail address of up to 254 characters', () => {
    const address = `${'a'.repeat(60)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(66)}.test`;
    expect(address).toHaveLength(254);
    expect(problems(emailAddress, address)).toEqual([]);
    expect(problems(emailAddress, `e${address}`)).toEqual(['field must be at most 254 characters']);
  });
});
