// POST /api/runtime/events (docs/runtime-api.md "Runtime diagnostics"): a bearer token with events:write sends
// a JSON array or NDJSON of up to 5,000 events; the batch is stored whole (202) or not at all.
// A refusal lists its first problems only, and NDJSON is read no further than the first bad lines.
// Retention is a recurring job (docs/operations.md "Jobs"), not part of a request. The operation's row is in
// server/runtime/operations.ts; this reads its body, which no JSON schema alone can.
import { createHash } from 'node:crypto';
import type { PrismaClient } from '../db/generated/client';
import { MAX_LISTED_PROBLEMS } from '../errors/error-bounds';
import type { ServiceContext } from '../services/context';
import { ingestRuntimeEvents } from '../services/diagnostics/ingest-runtime-events';
import { validateRuntimeBatch, type ItemProblem } from '../services/diagnostics/validate-runtime-batch';
import type { AuthenticatedToken } from '../services/tokens/authenticate-api-token';
import { jsonError, jsonResponse, problemsError } from './json-response';

export const RUNTIME_EVENTS_BODY_LIMIT_BYTES = 8 * 1024 * 1024;
export const MAX_EVENTS_PER_BATCH = 5_000;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

function invalid(message: string): Response {
  return jsonError(400, 'INVALID', message);
}

function tooMany(count: string): Response {
  return invalid(
    `A batch may hold at most ${MAX_EVENTS_PER_BATCH.toLocaleString('en-US')} events; this one has ${count}. Send smaller batches.`,
  );
}

const NOT_JSON = 'Send a JSON array of events or one JSON event per line (NDJSON).';

type Parsed = { ok: true; items: unknown[] } | { ok: false; response: Response };

/** The batch's items: a JSON array, or one JSON object per line (NDJSON). */
function parseItems(body: string): Parsed {
  const trimmed = body.trim();
  if (!trimmed.startsWith('[')) return parseLines(body);
  let items: unknown;
  try {
    items = JSON.parse(trimmed);
  } catch {
    return { ok: false, response: invalid(`The body is not valid JSON. ${NOT_JSON}`) };
  }
  if (!Array.isArray(items)) return { ok: false, response: invalid(NOT_JSON) };
  if (items.length > MAX_EVENTS_PER_BATCH) return { ok: false, response: tooMany(items.length.toLocaleString('en-US')) };
  return { ok: true, items };
}

/**
 * NDJSON, line by line. Reading stops at the first event over the batch limit and at the
 * MAX_LISTED_PROBLEMS-th line that is not JSON, so a hostile body costs at most that many parses
 * and its answer lists at most that many lines.
 */
function parseLines(text: string): Parsed {
  const items: unknown[] = [];
  const problems: ItemProblem[] = [];
  let line = 0;
  for (let start = 0; start < text.length; line++) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const source = text.slice(start, end);
    start = end + 1;
    if (source.trim() === '') continue;
    if (items.length === MAX_EVENTS_PER_BATCH) return { ok: false, response: tooMany('more') };
    try {
      items.push(JSON.parse(source));
    } catch {
      problems.push({ index: items.length, field: '', message: `Line ${line + 1} is not valid JSON.` });
      items.push(null);
      if (problems.length === MAX_LISTED_PROBLEMS) {
        const message = `At least ${MAX_LISTED_PROBLEMS} lines are not valid JSON, so the rest of the body was not read; nothing was stored. ${NOT_JSON}`;
        return { ok: false, response: problemsError(400, 'INVALID', message, problems) };
      }
    }
  }
  if (problems.length === 0) return { ok: true, items };
  return {
    ok: false,
    response: problemsError(400, 'INVALID', `${problems.length} line(s) are not valid JSON; nothing was stored. ${NOT_JSON}`, problems),
  };
}

/**
 * The batch in `bytes` (read within the route's limit), checked and stored. `ctx.sql` is the
 * driver's pool on either database (the route's `sql: 'pool'`): the ingest transaction runs there.
 */
export async function serveEventBatch({
  ctx,
  token,
  input: { request, bytes },
}: {
  ctx: ServiceContext<PrismaClient>;
  token: AuthenticatedToken;
  input: { request: Request; bytes: Uint8Array };
}): Promise<Response> {
  const key = request.headers.get('idempotency-key');
  if (key !== null && !IDEMPOTENCY_KEY.test(key)) {
    return invalid('The Idempotency-Key header must be 1 to 200 visible ASCII characters.');
  }
  // The bytes the route already read, decoded once (as Request.text() would: UTF-8, BOM dropped).
  const parsed = parseItems(new TextDecoder().decode(bytes));
  if (!parsed.ok) return parsed.response;
  const verdict = await validateRuntimeBatch({ ctx, input: { items: parsed.items, tokenTenantRef: token.tenantRef } });
  if (!verdict.ok) {
    const message = `${verdict.problemCount.toLocaleString('en-US')} problem(s) in the batch; nothing was stored.`;
    const [status, code] = verdict.forbidden ? [403, 'FORBIDDEN'] : [400, 'INVALID'];
    return problemsError(status, code, message, verdict.items, verdict.problemCount);
  }
  // A retry must bring the very bytes the key first came with (the raw body, not the events read from it).
  const idempotency = key !== null ? { tokenId: token.id, key, bodyHash: createHash('sha256').update(bytes).digest('hex') } : undefined;
  const result = await ingestRuntimeEvents({ ctx, input: { events: verdict.events, ...(idempotency ? { idempotency } : {}) } });
  if (result.outcome === 'keyReused') {
    return jsonError(
      422,
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key came before with a different body; nothing was stored. Retry with the same body, or send a new batch under a new key.',
    );
  }
  return jsonResponse({ accepted: result.accepted, resolved: result.resolved, written: result.written }, 202);
}
