// A typed client of the runtime API for the assistant runtime (docs/runtime-api.md "The runtime's
// memory API"). Plain fetch; request and answer types are inferred from the same Zod schemas the
// server validates with, and answers are parsed with them, so a drift shows up as an error, not as
// silently wrong data. A refusal throws RuntimeApiError with the server's code and message.
import type { z } from 'zod';
import {
  errorResponseSchema,
  eventsResponseSchema,
  listResponseSchema,
  RUNTIME_PATHS,
  searchResponseSchema,
  writeResponseSchema,
  type EventsResponse,
  type ForgetRequest,
  type ListRequest,
  type ListResponse,
  type RuntimeEvent,
  type SearchRequest,
  type SearchResponse,
  type WriteRequest,
  type WriteResponse,
} from './schemas';

export type * from './schemas';

export interface RuntimeClientOptions {
  /** The console's address, e.g. https://memory.example.com */
  baseUrl: string;
  /** An API token of one organisation (memories:read, memories:write, events:write as needed). */
  token: string;
  fetch?: typeof fetch;
}

export class RuntimeApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'RuntimeApiError';
  }
}

export interface RuntimeClient {
  list(request: ListRequest): Promise<ListResponse>;
  write(request: WriteRequest): Promise<WriteResponse>;
  forget(request: ForgetRequest): Promise<void>;
  search(request: SearchRequest): Promise<SearchResponse>;
  sendEvents(events: RuntimeEvent[], options?: { idempotencyKey?: string }): Promise<EventsResponse>;
}

export function createRuntimeClient(options: RuntimeClientOptions): RuntimeClient {
  const send = options.fetch ?? fetch;

  async function post<S extends z.ZodType>(path: string, body: unknown, schema: S | null, headers: Record<string, string> = {}) {
    const response = await send(new URL(path, options.baseUrl), {
      method: 'POST',
      headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    if (!response.ok) {
      const error = errorResponseSchema.safeParse(await response.json().catch(() => null));
      if (!error.success) throw new RuntimeApiError(response.status, 'UNEXPECTED', `The console answered ${response.status}.`);
      throw new RuntimeApiError(response.status, error.data.error.code, error.data.error.message, error.data.error.reason);
    }
    return (schema ? schema.parse(await response.json()) : undefined) as S extends z.ZodType ? z.infer<S> : undefined;
  }

  return {
    list: (request) => post(RUNTIME_PATHS.list, request, listResponseSchema),
    write: (request) => post(RUNTIME_PATHS.write, request, writeResponseSchema),
    forget: async (request) => {
      await post(RUNTIME_PATHS.forget, request, null);
    },
    search: (request) => post(RUNTIME_PATHS.search, request, searchResponseSchema),
    sendEvents: (events, { idempotencyKey } = {}) =>
      post(RUNTIME_PATHS.events, events, eventsResponseSchema, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
  };
}
