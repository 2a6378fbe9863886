// The diagnostics the runtime sends (docs/concepts.md "Diagnostics and `pinnedOmitted`"), in two
// shapes (docs/runtime-api.md "Runtime diagnostics"):
// - flat: `{ type, at?, tenantRef?, ...payload }`, the console's own shape;
// - the envelope the reference library publishes on its diagnostics channels, unchanged:
//   `{ v, ts, lib, event, traceId?, payload }`.
// Both carry the same payload. Neither may carry a key or a fact: strict objects refuse any field not
// listed here. A missing tenant is the token's and a missing date the time received
// (validate-runtime-batch.ts fills both).
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
/** The envelope's time: an ISO 8601 date-time with its offset, or milliseconds since 1970 (Date.now()). */
const ts = z.union(
  [
    z.iso.datetime({ offset: true }).transform((value) => new Date(value)),
    z
      .number()
      .int()
      .min(0)
      .max(8_640_000_000_000_000)
      .transform((value) => new Date(value)),
  ],
  { error: 'ts must be an ISO 8601 date-time such as 2026-11-30T12:00:00Z or milliseconds since 1970' },
);

/** The most scopes a turn may list, and the largest count of scopes it may report instead. */
export const MAX_EVENT_SCOPES = 50;

const resolvedPayload = {
  runId,
  /** The scopes the turn read, or only how many (the reference library's `scopes: <number>`). */
  scopes: z.union([z.array(scope).max(MAX_EVENT_SCOPES), z.number().int().min(0).max(MAX_EVENT_SCOPES)], {
    error: `scopes must be a list of at most ${MAX_EVENT_SCOPES} scope tokens or a count from 0 to ${MAX_EVENT_SCOPES}`,
  }),
  offered: count,
  omitted: count,
  pinnedOmitted: count,
  /** How many memories search recalled, or whether it recalled any (the reference library's boolean). */
  recalled: z.union([count, z.boolean()], { error: 'recalled must be a whole number from 0 to 100000 or true/false' }),
  promptChars: z.number().int().min(0).max(10_000_000),
};

const writtenPayload = {
  runId,
  scope,
  chars: z.number().int().min(0).max(100_000),
};

export const memoryResolvedSchema = z.strictObject({
  type: z.literal('memory.resolved'),
  at: at.optional(),
  tenantRef: tenantRef.optional(),
  ...resolvedPayload,
});

export const memoryWrittenSchema = z.strictObject({
  type: z.literal('memory.written'),
  at: at.optional(),
  tenantRef: tenantRef.optional(),
  ...writtenPayload,
});

/** The flat shape. */
export const runtimeEventSchema = z.discriminatedUnion('type', [memoryResolvedSchema, memoryWrittenSchema]);

const envelopeFields = {
  v: z.literal(1, { error: 'v must be 1 (the envelope version this console reads)' }),
  ts: ts.optional(),
  lib: z.string().min(1, required).max(200),
  traceId: z.string().min(1, required).max(200).optional(),
};

/** The reference library's envelope; `payload` holds the same fields as the flat shape's, no others. */
export const runtimeEnvelopeSchema = z.discriminatedUnion('event', [
  z.strictObject({ ...envelopeFields, event: z.literal('memory.resolved'), payload: z.strictObject(resolvedPayload) }),
  z.strictObject({ ...envelopeFields, event: z.literal('memory.written'), payload: z.strictObject(writtenPayload) }),
]);

/**
 * The same schemas compiled ahead of time (about 15× faster on a batch of valid events); an event
 * they refuse is parsed again by the schema itself, so the problems reported are exactly the schema's.
 */
export const compiledRuntimeEventSchema = z.compile(runtimeEventSchema);
export const compiledRuntimeEnvelopeSchema = z.compile(runtimeEnvelopeSchema);

type FlatEvent = z.infer<typeof runtimeEventSchema>;
type Resolved = Extract<FlatEvent, { type: 'memory.resolved' }>;
type Written = Extract<FlatEvent, { type: 'memory.written' }>;

/** What an envelope carries besides its payload, kept with the event (absent for the flat shape). */
export interface EnvelopeOrigin {
  lib?: string;
  v?: 1;
  traceId?: string;
}

/** A checked event, either shape, with its tenant and date settled. */
export type RuntimeEventInput =
  | (Omit<Resolved, 'at' | 'tenantRef'> & { at: Date; tenantRef: string } & EnvelopeOrigin)
  | (Omit<Written, 'at' | 'tenantRef'> & { at: Date; tenantRef: string } & EnvelopeOrigin);
