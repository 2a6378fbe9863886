// Builders shared by the domain's tests, so each test states only the fields it is about.
import { applyPrecedence } from './precedence';
import type { MemoryRecord, ResolvedEntry } from './types';

export const U1_SCOPES = ['actor:u1', 'depot:hh', 'tenant:berlin', 'global'];

let sequence = 0;

export function record(fields: Partial<MemoryRecord> & Pick<MemoryRecord, 'key' | 'scope'>): MemoryRecord {
  sequence += 1;
  return {
    id: `mem_${fields.scope}_${fields.key}_${sequence}`,
    text: `${fields.key} at ${fields.scope}`,
    pinned: false,
    author: 'human',
    updatedAt: new Date('2026-01-01T00:00:00.000Z'),
    ...fields,
  };
}

export function day(n: number): Date {
  return new Date(Date.UTC(2026, 0, n));
}

export function resolved(records: MemoryRecord[], scopes: string[] = U1_SCOPES): ResolvedEntry[] {
  return applyPrecedence(records, scopes);
}
