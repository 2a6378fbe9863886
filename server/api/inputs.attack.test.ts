// Text PostgreSQL cannot take, in every string input of every procedure: a NUL or a lone surrogate
// must be refused at the edge (BAD_REQUEST naming the field), never reach the database (where a NUL
// was a 500). The procedures and their string fields are read from the app router itself, so a new
// procedure or field is covered the day it is added (server/testing/string-fields.ts).
import { TRPCError, type AnyTRPCProcedure } from '@trpc/server';
import { ZodError, type z } from 'zod';
import { describe, expect, it } from 'vitest';
import { describeUnstorableText } from '../domain';
import { useSeededDatabase } from '../testing/seeded-database';
import { stringFields, UNSTORABLE_TEXTS, withTextAt } from '../testing/string-fields';
import { appRouter } from './root';

const db = useSeededDatabase();

// Flat at run time: "review.detail" → its procedure.
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure>);
const cases = procedures.flatMap(([name, procedure]) =>
  (procedure._def.inputs as z.ZodType[]).flatMap((schema) => stringFields(schema).map((field) => ({ name, schema, ...field }))),
);

function callerPath(caller: object, name: string): (input: unknown) => Promise<unknown> {
  return name.split('.').reduce<any>((node, part) => node[part], caller); // eslint-disable-line @typescript-eslint/no-explicit-any -- the caller's shape follows the router
}

describe('text the database cannot take, in every procedure’s string inputs', () => {
  it('finds the procedures and their strings', () => {
    // The ones the security review named, so the walk cannot silently find nothing.
    const names = new Set(cases.map((found) => `${found.name}:${found.path.join('.')}`));
    for (const named of [
      'grants.list:userId',
      'grants.remove:grantId',
      'people.update:name',
      'review.detail:key',
      'review.detail:cursor.id',
      'review.promotionOptions:tenantRef',
      'scopes.create:label',
      'facts.list:cursor.key',
      'tokens.create:name',
      'review.promote:sourceIds.0',
    ]) {
      expect(names).toContain(named);
    }
  });

  describe.each(UNSTORABLE_TEXTS)('%s', (_what, text, reason) => {
    it.each(cases.map((found) => [`${found.name}: ${found.path.join('.')}`, found] as const))(
      '%s is refused by the input schema, naming the field',
      (_label, { schema, path, format }) => {
        const parsed = schema.safeParse(withTextAt(undefined, path, text));
        expect(parsed.success).toBe(false);
        const messages = parsed.error!.issues.filter((found) => found.path.join('.') === path.join('.')).map((found) => found.message);
        // A formatted string refuses it as malformed; any other says what is wrong, naming the field.
        if (format) expect(messages, `no refusal at ${path.join('.')}`).not.toEqual([]);
        else expect(messages).toContain(`${path.join('.')} ${describeUnstorableText(reason)}`);
      },
    );
  });

  it('answers every call carrying such text BAD_REQUEST, never an internal error, and changes nothing', async () => {
    const caller = await db.callerAs('gina@example.com');
    const audit = await db.prisma.auditEvent.count();
    const answers = new Map<string, string>();
    for (const { name, path } of cases) {
      for (const [what, text] of UNSTORABLE_TEXTS) {
        const answer = await callerPath(
          caller,
          name,
        )(withTextAt(undefined, path, text)).then(
          () => 'answered',
          (error: unknown) =>
            error instanceof TRPCError && error.code === 'BAD_REQUEST' && error.cause instanceof ZodError ? 'refused' : String(error),
        );
        answers.set(`${name}: ${path.join('.')} with ${what}`, answer);
      }
    }
    expect([...answers].filter(([, answer]) => answer !== 'refused')).toEqual([]);
    expect(await db.prisma.auditEvent.count()).toBe(audit);
  });
});
