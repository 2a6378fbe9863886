// POST /api/runtime/events (docs/runtime-api.md "Runtime diagnostics"): a bearer token with
// events:write sends a JSON array or NDJSON of up to 5,000 events; the batch is stored whole (202)
// or not at all. Retention is a recurring job (docs/operations.md "Jobs"), not part of a request.
import type { PrismaClient } from '../db/generated/client';
import type { SqlRunner } from '../db/sql-runner';
import { serviceContext, type ServiceContext } from '../services/context';
import { ingestRuntimeEvents } from '../services/diagnostics/ingest-runtime-events';
import { validateRuntimeBatch, type ItemProblem } from '../services/diagnostics/validate-runtime-batch';
import { requireBearerToken } from './bearer-token';
import { jsonResponse } from './json-response';
import { screenRestRequest } from './request-guard';

export const RUNTIME_EVENTS_BODY_LIMIT_BYTES = 8 * 1024 * 1024;
export const MAX_EVENTS_PER_BATCH = 5_000;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

export interface RuntimeRequestContext {
  prisma: PrismaClient;
  /** Raw SQL on the same database's pool (`Database.pool`); the ingest transaction runs there. */
  sql?: SqlRunner;
  allowedOrigin: string;
  deps?: Partial<Omit<ServiceContext, 'db'>>;
}

function invalid(message: string, items: ItemProblem[] = [], status = 400, code = 'INVALID'): Response {
  return jsonResponse({ error: { code, message, items } }, status);
}

/** The batch's items: a JSON array, or one JSON object per line (NDJSON). */
function parseItems(body: string): { ok: true; items: unknown[] } | { ok: false; response: Response } {
  const trimmed = body.trim();
  if (trimmed.startsWith('[')) {
    try {
      return { ok: true, items: JSON.parse(trimmed) as unknown[] };
    } catch {
      return { ok: false, response: invalid('The body is not valid JSON. Send a JSON array of events or one JSON event per line (NDJSON).') };
    }
  }
  const items: unknown[] = [];
  const problems: ItemProblem[] = [];
  for (const line of trimmed.split('\n')) {
    if (line.trim() === '') continue;
    try {
      items.push(JSON.parse(line));
    } catch {
      problems.push({ index: items.length, field: '', message: 'This line is not valid JSON.' });
      items.push(null);
    }
  }
  return problems.length === 0 ? { ok: true, items } : { ok: false, response: invalid('Some lines are not valid JSON; nothing was stored.', problems) };
}

export async function handleRuntimeEvents(request: Request, context: RuntimeRequestContext): Promise<Response> {
  const ctx = serviceContext(context.prisma, { ...context.deps, ...(context.sql ? { sql: context.sql } : {}) });
  const auth = await requireBearerToken(request, ctx, 'events:write');
  if ('refused' in auth) return auth.refused;
  const screened = await screenRestRequest(request, { allowedOrigin: context.allowedOrigin, maxBodyBytes: RUNTIME_EVENTS_BODY_LIMIT_BYTES });
  if (!screened.ok) return screened.response;
  const key = request.headers.get('idempotency-key');
  if (key !== null && !IDEMPOTENCY_KEY.test(key)) {
    return invalid('The Idempotency-Key header must be 1 to 200 visible ASCII characters.');
  }
  // The bytes the guard already read, decoded once (as Request.text() would: UTF-8, BOM dropped).
  const parsed = parseItems(new TextDecoder().decode(screened.body));
  if (!parsed.ok) return parsed.response;
  if (!Array.isArray(parsed.items)) return invalid('Send a JSON array of events or one JSON event per line (NDJSON).');
  if (parsed.items.length > MAX_EVENTS_PER_BATCH) {
    return invalid(`A batch may hold at most ${MAX_EVENTS_PER_BATCH.toLocaleString('en-US')} events; this one has ${parsed.items.length}. Send smaller batches.`);
  }
  const verdict = await validateRuntimeBatch({ ctx, input: { items: parsed.items, tokenTenantRef: auth.token.tenantRef } });
  if (!verdict.ok) {
    const message = `${verdict.problemCount} problem(s) in the batch; nothing was stored.`;
    return verdict.forbidden ? invalid(message, verdict.items, 403, 'FORBIDDEN') : invalid(message, verdict.items);
  }
  const result = await ingestRuntimeEvents({
    ctx,
    input: { events: verdict.events, ...(key !== null ? { idempotency: { tokenId: auth.token.id, key } } : {}) },
  });
  return jsonResponse({ accepted: result.accepted, resolved: result.resolved, written: result.written }, 202);
}
