// The administrators' procedures over HTTP, through the same handler the Next route uses
// (docs/features.md): every persona against its own tenant, another tenant and `global`. The exact
// checks are the services'; this proves the transport answers what they say.
import { describe, expect, it } from 'vitest';
import { createContextInner } from '../api/trpc';
import { useSeededDatabase } from '../testing/seeded-database';
import { trpcRoute } from './trpc-handler';

const db = useSeededDatabase();
const OWN_ORIGIN = 'http://localhost:3000';

let count = 0;
async function call(email: string, procedure: string, input: Record<string, unknown>) {
  const session = await db.sessionOf(email);
  const response = await trpcRoute(() => createContextInner({ session, db: db.prisma, deps: { now: db.ctx.now } }))(
    new Request(`${OWN_ORIGIN}/api/trpc/${procedure}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: OWN_ORIGIN },
      body: JSON.stringify(input),
    }),
    { allowedOrigin: OWN_ORIGIN },
  );
  return { status: response.status, body: await response.text() };
}

const fact = (scope: string) => {
  count += 1;
  return { scope, key: `http-fact-${count}`, text: 'Published over HTTP.' };
};

describe('administrators’ mutations over HTTP', () => {
  it.each([
    ['bob publishes for Berlin', 'bob@example.com', 'tenant:berlin', 200],
    ['bob may not publish for everyone', 'bob@example.com', 'global', 403],
    ['bob cannot see Hamburg', 'bob@example.com', 'tenant:hamburg', 404],
    ['bob cannot see Hamburg’s depot', 'bob@example.com', 'depot:hh', 404],
    ['alice is no administrator', 'alice@example.com', 'tenant:berlin', 403],
    ['olga operates but does not administer', 'olga@example.com', 'tenant:berlin', 403],
    ['hana is no administrator', 'hana@example.com', 'depot:hh', 403],
    ['gina publishes for everyone', 'gina@example.com', 'global', 200],
    ['gina publishes for Hamburg', 'gina@example.com', 'tenant:hamburg', 200],
  ])('facts.save: %s', async (_case, email, scope, status) => {
    const input = fact(scope);
    const answer = await call(email, 'facts.save', input);
    expect(answer.status).toBe(status);
    const stored = await db.prisma.agentMemory.count({ where: { scope, key: input.key } });
    expect(stored).toBe(status === 200 ? 1 : 0);
  });

  it('answers a refusal about Hamburg without a word of Hamburg’s data', async () => {
    const answer = await call('bob@example.com', 'review.promote', {
      key: 'shift',
      text: 'Works the early shift.',
      targetScope: 'tenant:hamburg',
      sourceIds: ['mem_01K0000000000000000000ZZZZ'],
    });
    expect(answer.status).toBe(404);
    expect(answer.body).not.toMatch(/Hamburg warehouse|early shift|late shift|Hana|Jonas/);
  });

  it.each([
    ['alice', 'alice@example.com', 403],
    ['olga', 'olga@example.com', 403],
    ['bob, for a Hamburg key', 'bob@example.com', 404],
  ])('review.dismiss: %s', async (_case, email, status) => {
    const answer = await call(email, 'review.dismiss', { key: 'shift', tenantRef: 'hamburg' });
    expect(answer.status).toBe(status);
    expect(await db.prisma.reviewDismissal.count({ where: { key: 'shift' } })).toBe(0);
  });
});
