// The compiled runtime event schema answers exactly as the schema it was compiled from: the same
// events, and for a refused event the same problems (docs/runtime-api.md "Runtime diagnostics").
import { describe, expect, it } from 'vitest';
import { compiledRuntimeEventSchema, runtimeEventSchema } from './runtime-event-schema';

const resolved = {
  type: 'memory.resolved',
  at: '2026-11-30T12:00:00.000Z',
  tenantRef: 'berlin',
  runId: 'run_1',
  scopes: ['actor:u1', 'tenant:berlin', 'global'],
  offered: 4,
  omitted: 1,
  pinnedOmitted: 0,
  recalled: 2,
  promptChars: 900,
};
const written = { type: 'memory.written', at: '2026-11-30T12:00:00+01:00', tenantRef: 'berlin', scope: 'actor:u1', chars: 31 };

const cases: [string, unknown][] = [
  ['a turn', resolved],
  ['a write', written],
  ['a turn without runId', { ...resolved, runId: undefined }],
  ['a negative count', { ...resolved, offered: -1 }],
  ['a fractional count', { ...resolved, recalled: 1.5 }],
  ['a count too large', { ...resolved, omitted: 100_001 }],
  ['a count as a string', { ...resolved, offered: '4' }],
  ['a date as a number', { ...resolved, at: 1_764_504_000_000 }],
  ['a date without offset', { ...resolved, at: '2026-11-30T12:00:00' }],
  ['an impossible date', { ...resolved, at: '2026-02-30T12:00:00Z' }],
  ['an empty tenant', { ...resolved, tenantRef: '' }],
  ['a tenant too long', { ...resolved, tenantRef: 'x'.repeat(65) }],
  ['too many scopes', { ...resolved, scopes: Array.from({ length: 51 }, (_, n) => `actor:${n}`) }],
  ['an empty scope', { ...resolved, scopes: [''] }],
  ['an unknown field', { ...resolved, mood: 'happy' }],
  ['an unknown type', { ...resolved, type: 'memory.deleted' }],
  ['a write with turn fields', { ...written, offered: 1 }],
  ['a write without chars', { ...written, chars: undefined }],
  ['no object', 'memory.resolved'],
  ['null', null],
];

describe('compiledRuntimeEventSchema', () => {
  it.each(cases)('answers %s as the schema does', (_case, item) => {
    const compiled = compiledRuntimeEventSchema.safeParse(item);
    const runtime = runtimeEventSchema.safeParse(item);
    expect(compiled.success).toBe(runtime.success);
    if (compiled.success && runtime.success) expect(compiled.data).toEqual(runtime.data);
    else expect(compiled.error?.issues).toEqual(runtime.error?.issues);
  });
});
