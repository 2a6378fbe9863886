// A typed client of the Memory Console's runtime API: openapi-fetch over the types generated from the
// console's OpenAPI document (openapi-types.ts). Every call throws RuntimeApiError on a refusal, with
// the console's status, code, message and reason.
import createClient from 'openapi-fetch';
import type { operations, paths } from './openapi-types.js';

type JsonBody<Op extends keyof operations> = operations[Op] extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : never;
type JsonAnswer<Op extends keyof operations, Status extends number> =
  operations[Op]['responses'] extends Record<Status, { content: { 'application/json': infer A } }> ? A : never;

export type ListRequest = JsonBody<'list'>;
export type ListResponse = JsonAnswer<'list', 200>;
export type SearchRequest = JsonBody<'search'>;
export type SearchResponse = JsonAnswer<'search', 200>;
export type WriteRequest = JsonBody<'write'>;
export type WriteResponse = JsonAnswer<'write', 200>;
export type ForgetRequest = JsonBody<'forget'>;
export type ResolveScopesRequest = JsonBody<'resolveScopes'>;
export type ResolveScopesResponse = JsonAnswer<'resolveScopes', 200>;
export type RuntimeEvent = JsonBody<'events'>[number];
export type EventsResponse = JsonAnswer<'events', 202>;
export type ChangesResponse = JsonAnswer<'changes', 200>;
export type RuntimeRecord = ListResponse['records'][number];
export type PublishFactRequest = JsonBody<'publishFact'>;
export type EditFactRequest = JsonBody<'editFact'>;
export type PinFactRequest = JsonBody<'pinFact'>;
export type UnpinFactRequest = JsonBody<'unpinFact'>;
export type DeleteFactRequest = JsonBody<'deleteFact'>;
export type FactResponse = JsonAnswer<'publishFact', 200>;

/** A refusal of the console: its HTTP status, `error.code`, message and (where a rule refused) reason. */
export class RuntimeApiError extends Error {
  override readonly name = 'RuntimeApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly reason?: string,
    /** With `PIN_OVER_BUDGET`: how many people pinning would put over their budget (send it as `confirmOmissions`). */
    readonly peopleOver?: number,
    /** With a version conflict: the version the record is at now. */
    readonly currentVersion?: number,
  ) {
    super(message);
  }
}

export interface RuntimeClientOptions {
  /** Where the console runs, e.g. https://memory.example.com. */
  baseUrl: string;
  /** An API token's secret (`mct_…`), of one organisation. */
  token: string;
  /** A fetch of your own (tests, proxies); the global fetch by default. */
  fetch?: typeof fetch;
}

export interface RuntimeClient {
  resolveScopes(request: ResolveScopesRequest): Promise<ResolveScopesResponse>;
  list(request: ListRequest): Promise<ListResponse>;
  search(request: SearchRequest): Promise<SearchResponse>;
  write(request: WriteRequest): Promise<WriteResponse>;
  forget(request: ForgetRequest): Promise<void>;
  sendEvents(events: RuntimeEvent[], options?: { idempotencyKey?: string }): Promise<EventsResponse>;
  changes(options?: { after?: string; limit?: number }): Promise<ChangesResponse>;
  /** Published facts, with a `facts:write` token: at the organisation's scope and its groups only. */
  publishFact(request: PublishFactRequest): Promise<FactResponse>;
  editFact(request: EditFactRequest): Promise<FactResponse>;
  pinFact(request: PinFactRequest): Promise<FactResponse>;
  unpinFact(request: UnpinFactRequest): Promise<FactResponse>;
  deleteFact(request: DeleteFactRequest): Promise<void>;
}

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

function unwrap<T>({ data, error, response }: Answer<T>): T {
  if (response.ok) return data as T;
  const body = (error ?? null) as {
    error?: { code?: unknown; message?: unknown; reason?: unknown; peopleOver?: unknown; currentVersion?: unknown };
  } | null;
  const refusal = body?.error;
  if (refusal && typeof refusal.code === 'string' && typeof refusal.message === 'string') {
    throw new RuntimeApiError(
      response.status,
      refusal.code,
      refusal.message,
      typeof refusal.reason === 'string' ? refusal.reason : undefined,
      typeof refusal.peopleOver === 'number' ? refusal.peopleOver : undefined,
      typeof refusal.currentVersion === 'number' ? refusal.currentVersion : undefined,
    );
  }
  throw new RuntimeApiError(response.status, 'UNEXPECTED', `The console answered ${response.status}.`);
}

export function createRuntimeClient(options: RuntimeClientOptions): RuntimeClient {
  const api = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { authorization: `Bearer ${options.token}` },
    // Looked up on each call, so a fetch replaced after the client was made (tests) is used.
    fetch: (request: Request) => (options.fetch ?? globalThis.fetch)(request),
  });
  return {
    resolveScopes: async (body) => unwrap(await api.POST('/api/runtime/scopes/resolve', { body })),
    list: async (body) => unwrap(await api.POST('/api/runtime/memories/list', { body })),
    search: async (body) => unwrap(await api.POST('/api/runtime/memories/search', { body })),
    write: async (body) => unwrap(await api.POST('/api/runtime/memories/write', { body })),
    forget: async (body) => {
      unwrap(await api.POST('/api/runtime/memories/forget', { body, parseAs: 'text' }));
    },
    sendEvents: async (events, { idempotencyKey } = {}) =>
      unwrap(
        await api.POST('/api/runtime/events', {
          body: events,
          ...(idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {}),
        }),
      ),
    changes: async ({ after, limit } = {}) =>
      unwrap(
        await api.GET('/api/runtime/changes', {
          params: { query: { ...(after !== undefined ? { after } : {}), ...(limit !== undefined ? { limit: String(limit) } : {}) } },
        }),
      ),
    publishFact: async (body) => unwrap(await api.POST('/api/runtime/facts/publish', { body })),
    editFact: async (body) => unwrap(await api.POST('/api/runtime/facts/edit', { body })),
    pinFact: async (body) => unwrap(await api.POST('/api/runtime/facts/pin', { body })),
    unpinFact: async (body) => unwrap(await api.POST('/api/runtime/facts/unpin', { body })),
    deleteFact: async (body) => {
      unwrap(await api.POST('/api/runtime/facts/delete', { body, parseAs: 'text' }));
    },
  };
}
