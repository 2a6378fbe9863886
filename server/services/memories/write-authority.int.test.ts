// Who may write where (docs/concepts.md "Who may write where"): writeMemory decides from the
// writer's own grants for the exact target scope; no caller can declare itself allowed.
import { describe, expect, it } from 'vitest';
import { loadViewer } from '../../auth/viewer';
import { DomainError } from '../../errors/domain-error';
import { useSeededDatabase } from '../../testing/seeded-database';
import { writeMemory } from './write-memory';
import { agentWriter, humanWriter } from './writer';

const db = useSeededDatabase();

let written = 0;
async function outcome(email: string, scope: string, as: 'human' | 'agent' = 'human'): Promise<string> {
  const viewer = await loadViewer(db.prisma, await db.userId(email));
  if (!viewer) throw new Error(`no viewer for ${email}`);
  written += 1;
  try {
    await writeMemory({
      ctx: db.ctx,
      input: {
        writer: as === 'human' ? humanWriter(viewer) : agentWriter(viewer),
        scope,
        key: `authority-${written}`,
        text: 'A fact written to test who may write where.',
      },
    });
    return 'written';
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return `${error.code} ${error.details.reason}`;
  }
}

describe('writeMemory decides authority from the writer', () => {
  it.each([
    ['alice at her own scope', 'alice@example.com', 'actor:u1', 'written'],
    ['alice at her tenant', 'alice@example.com', 'tenant:berlin', 'FORBIDDEN NOT_ADMINISTRATOR'],
    ['alice at global', 'alice@example.com', 'global', 'FORBIDDEN NOT_ADMINISTRATOR'],
    ['alice at another tenant', 'alice@example.com', 'tenant:hamburg', 'NOT_FOUND SCOPE_NOT_APPLICABLE'],
    ['alice at a colleague’s scope', 'alice@example.com', 'actor:u2', 'NOT_FOUND SCOPE_NOT_APPLICABLE'],
    ['alice at a scope that does not exist', 'alice@example.com', 'tenant:munich', 'NOT_FOUND SCOPE_NOT_APPLICABLE'],
    ['bob (berlin admin) at his tenant', 'bob@example.com', 'tenant:berlin', 'written'],
    ['bob at global', 'bob@example.com', 'global', 'FORBIDDEN NOT_ADMINISTRATOR'],
    ['bob at another tenant', 'bob@example.com', 'tenant:hamburg', 'NOT_FOUND SCOPE_NOT_APPLICABLE'],
    ['bob at another tenant’s custom scope', 'bob@example.com', 'depot:hh', 'NOT_FOUND SCOPE_NOT_APPLICABLE'],
    ['bob at the scope of a person he administers', 'bob@example.com', 'actor:u1', 'FORBIDDEN ANOTHER_PERSONS_SCOPE'],
    ['olga (operator) at her tenant', 'olga@example.com', 'tenant:berlin', 'FORBIDDEN NOT_ADMINISTRATOR'],
    ['olga at global', 'olga@example.com', 'global', 'FORBIDDEN NOT_ADMINISTRATOR'],
    ['hana at her custom scope', 'hana@example.com', 'depot:hh', 'FORBIDDEN NOT_ADMINISTRATOR'],
    ['gina (global admin) at global', 'gina@example.com', 'global', 'written'],
    ['gina at a tenant she does not belong to', 'gina@example.com', 'tenant:hamburg', 'written'],
    ['gina at a custom scope of another tenant', 'gina@example.com', 'depot:hh', 'written'],
    ['gina at someone else’s scope', 'gina@example.com', 'actor:h1', 'FORBIDDEN ANOTHER_PERSONS_SCOPE'],
  ])('%s', async (_name, email, scope, expected) => {
    expect(await outcome(email, scope)).toBe(expected);
  });

  it('never lets the assistant write above the person it runs for, whatever their grants', async () => {
    expect(await outcome('gina@example.com', 'actor:g1', 'agent')).toBe('written');
    expect(await outcome('gina@example.com', 'global', 'agent')).toBe('FORBIDDEN AGENT_ABOVE_OWN_SCOPE');
    expect(await outcome('bob@example.com', 'tenant:berlin', 'agent')).toBe('FORBIDDEN AGENT_ABOVE_OWN_SCOPE');
  });

  it('writes nothing when it refuses', async () => {
    const before = await db.prisma.agentMemory.count();
    await outcome('bob@example.com', 'global');
    await outcome('alice@example.com', 'tenant:hamburg');
    expect(await db.prisma.agentMemory.count()).toBe(before);
  });
});
