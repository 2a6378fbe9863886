// The diagnostics the runtime sends (docs/concepts.md "Diagnostics and `pinnedOmitted`"). Neither
// kind may carry a key or a fact: strict objects refuse any field not listed here.
import { z } from 'zod';
import { required, runtimeRef, scopeToken, tenantRef as tenantRefInput } from '../../api/inputs';

const count = z.number().int().min(0).max(100_000);
const tenantRef = tenantRefInput.min(1, required);
const runId = runtimeRef.min(1, required).optional();
const scope = scopeToken.min(1, required);
/** An ISO 8601 date-time with its offset, e.g. 2026-11-30T12:00:00.000Z. */
const at = z.iso
  .datetime({ offset: true, message: 'at must be an ISO 8601 date-time such as 2026-11-30T12:00:00Z' })
  .transform((value) => new Date(value));

export const memoryResolvedSchema = z.strictObject({
  type: z.literal('memory.resolved'),
  at,
  tenantRef,
  runId,
  scopes: z.array(scope).max(50),
  offered: count,
  omitted: count,
  pinnedOmitted: count,
  recalled: count,
  promptChars: z.number().int().min(0).max(10_000_000),
});

export const memoryWrittenSchema = z.strictObject({
  type: z.literal('memory.written'),
  at,
  tenantRef,
  runId,
  scope,
  chars: z.number().int().min(0).max(100_000),
});

export const runtimeEventSchema = z.discriminatedUnion('type', [memoryResolvedSchema, memoryWrittenSchema]);
/**
 * The same schema compiled ahead of time (about 15× faster on a batch of valid events); an event it
 * refuses is parsed again by the schema itself, so the problems reported are exactly the schema's.
 */
export const compiledRuntimeEventSchema = z.compile(runtimeEventSchema);
export type RuntimeEventInput = z.infer<typeof runtimeEventSchema>;
