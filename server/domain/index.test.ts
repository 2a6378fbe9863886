import { describe, expect, it } from 'vitest';
import * as domain from './index';
import type { Author, MemoryRecord, RenderedBlock, ResolvedEntry, Selection } from './index';

// The contract, written out: if an export drifts from it, the typecheck fails here.
interface Contract {
  resolveScopes: (actor: { actorRef: string; tenantRef: string; memberships: string[] }, precedence?: string[]) => string[];
  applyPrecedence: (records: MemoryRecord[], scopes: string[]) => ResolvedEntry[];
  decideWrite: (input: {
    scope: string;
    writerScopes: string[];
    writer: { kind: Author; actorRef: string };
    elevated: boolean;
  }) =>
    | { allowed: true }
    | { allowed: false; reason: 'SCOPE_NOT_APPLICABLE' | 'AGENT_ABOVE_OWN_SCOPE' | 'ANOTHER_PERSONS_SCOPE' | 'NOT_ADMINISTRATOR' };
  decideForget: (input: {
    record: { scope: string } | null;
    viewerScopes: string[];
    viewerActorRef: string;
  }) => { outcome: 'delete' } | { outcome: 'not_found' } | { outcome: 'forbidden'; reason: 'HELD_AT_WIDER_SCOPE' };
  validateFact: (
    input: { key: string; text: string },
    limits: { maxFactChars: number },
  ) => { ok: true; key: string; text: string } | { ok: false; errors: { field: 'key' | 'text'; message: string }[] };
  selectForTurn: (entries: ResolvedEntry[], scopes: string[], options: { maxMemories: number; ranking?: string[] }) => Selection;
  renderBlock: (selection: Selection) => RenderedBlock;
}

const contract: Contract = domain;

describe('server/domain public face', () => {
  it.each(
    Object.keys({
      resolveScopes: 0,
      applyPrecedence: 0,
      decideWrite: 0,
      decideForget: 0,
      validateFact: 0,
      selectForTurn: 0,
      renderBlock: 0,
    } satisfies Record<keyof Contract, 0>),
  )('exports %s as a function', (name) => {
    expect(typeof contract[name as keyof Contract]).toBe('function');
  });

  it('exports the limits the forms and the runtime share', () => {
    expect(domain.MAX_KEY_CHARS).toBe(64);
    expect(domain.DEFAULT_MAX_FACT_CHARS).toBe(240);
    expect(domain.DEFAULT_MAX_MEMORIES).toBe(20);
    expect(domain.GLOBAL_SCOPE).toBe('global');
    expect(domain.DEFAULT_SCOPE_PRECEDENCE).toEqual(['actor', 'tenant', 'global']);
  });
});
