// Every relation a memory can have to a person asking to forget it, with the answer the
// forget verdict promises (docs/concepts.md "Deleting"). Both transports (tRPC and REST) run it.
import { writeMemory } from '../services/memories/write-memory';
import { agentWriter, humanWriter } from '../services/memories/writer';
import { INSTALLER_ACTOR_REF, INSTALLER_EMAIL } from '../services/seed/demo-data';
import type { SeededDatabase } from './seeded-database';

export type ForgetOutcome = 'deleted' | 'not_found' | 'forbidden' | 'unauthorized' | 'invalid';

export interface ForgetRelation {
  relation: string;
  /** Who asks (an email), or null when signed out. */
  caller: string | null;
  /** A fresh record is created at `scope` for the case; `id` names no record at all. */
  target: { scope: string } | { id: string };
  expected: ForgetOutcome;
}

const ALICE = 'alice@example.com';
const GLOBAL_ADMIN = { scope: 'global', role: 'admin' } as const;
const HANA = 'hana@example.com';

export const FORGET_RELATIONS: ForgetRelation[] = [
  { relation: 'own actor scope', caller: ALICE, target: { scope: 'actor:u1' }, expected: 'deleted' },
  { relation: 'another actor of the same tenant', caller: ALICE, target: { scope: 'actor:u2' }, expected: 'not_found' },
  { relation: 'an actor of another tenant', caller: ALICE, target: { scope: 'actor:h1' }, expected: 'not_found' },
  { relation: 'own tenant scope', caller: ALICE, target: { scope: 'tenant:berlin' }, expected: 'forbidden' },
  { relation: 'another tenant scope', caller: ALICE, target: { scope: 'tenant:hamburg' }, expected: 'not_found' },
  { relation: 'global', caller: ALICE, target: { scope: 'global' }, expected: 'forbidden' },
  { relation: 'own custom scope', caller: HANA, target: { scope: 'depot:hh' }, expected: 'forbidden' },
  { relation: 'a custom scope of another tenant', caller: ALICE, target: { scope: 'depot:hh' }, expected: 'not_found' },
  {
    relation: 'a well-formed id that does not exist',
    caller: ALICE,
    target: { id: 'mem_01K0000000000000000000ZZZZ' },
    expected: 'not_found',
  },
  { relation: 'a malformed id', caller: ALICE, target: { id: 'not-a-memory-id' }, expected: 'not_found' },
  { relation: 'a malformed id shaped like SQL', caller: ALICE, target: { id: "mem_' OR '1'='1" }, expected: 'not_found' },
  { relation: 'an id one character short', caller: ALICE, target: { id: 'mem_01K0000000000000000000ZZZ' }, expected: 'not_found' },
  {
    relation: 'an id longer than any id is (31 characters)',
    caller: ALICE,
    target: { id: 'mem_01K0000000000000000000ZZZZZ' },
    expected: 'invalid',
  },
  { relation: 'a malformed id of 500 characters', caller: ALICE, target: { id: `mem_${'X'.repeat(496)}` }, expected: 'invalid' },
  { relation: 'signed out, own record of another person', caller: null, target: { scope: 'actor:u1' }, expected: 'unauthorized' },
];

let created = 0;

/**
 * A new record at `scope` through the real write path: the assistant for an actor scope, an
 * the installer (a global administrator) for a shared one. Each call uses a key of its own, so tests stay independent.
 */
export async function createMemoryAt(db: SeededDatabase, scope: string, text = 'A fact made for one test.'): Promise<string> {
  created += 1;
  const actorRef = scope.startsWith('actor:') ? scope.slice('actor:'.length) : null;
  const saved = await writeMemory({
    ctx: db.ctx,
    input: {
      writer:
        actorRef !== null
          ? agentWriter({ actorRef, scopes: [scope] })
          : humanWriter({ userId: await db.userId(INSTALLER_EMAIL), actorRef: INSTALLER_ACTOR_REF, scopes: [], grants: [GLOBAL_ADMIN] }),
      scope,
      key: `test-target-${created}`,
      text,
    },
  });
  return saved.id;
}

/** The record id a case targets, creating the record when the case needs one. */
export async function targetIdFor(db: SeededDatabase, relation: ForgetRelation): Promise<{ id: string; created: boolean }> {
  if ('id' in relation.target) return { id: relation.target.id, created: false };
  return { id: await createMemoryAt(db, relation.target.scope), created: true };
}

export async function memoryExists(db: SeededDatabase, id: string): Promise<boolean> {
  return (await db.prisma.agentMemory.count({ where: { id } })) === 1;
}
