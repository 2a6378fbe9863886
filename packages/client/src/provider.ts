// A MemoryProvider and a ScopeResolver for the reference library, backed by the console's runtime
// API. Search needs no rewriting and no re-sorting: the console ranks a turn's own words and answers
// in relevance order, then the pinned records. Every function is plain (the library calls them
// detached).
import { RuntimeApiError, type RuntimeClient, type RuntimeRecord } from './client.js';
import type { MemoryProvider, MemoryRecord, ScopeResolver } from './library-types.js';

const ACTOR = 'actor:';

export interface ConsoleMemoryProviderOptions {
  client: RuntimeClient;
  /** Where the console runs, to name the page where a person deletes what they stated. */
  consoleUrl?: string;
  /** The clock, to leave out records whose expiry has passed. */
  now?: () => Date;
}

/** A person's own statement cannot be deleted by the assistant: the console's page for it is named. */
export class PersonsOwnStatementError extends Error {
  override readonly name = 'PersonsOwnStatementError';
  constructor(readonly page: string) {
    super(`This is what the person stated about themselves; only they can delete it, on the console's My memories page: ${page}`);
  }
}

function toRecord(record: RuntimeRecord): MemoryRecord {
  const actorRef = record.scope.startsWith(ACTOR) ? record.scope.slice(ACTOR.length) : undefined;
  return {
    id: record.id,
    key: record.key,
    text: record.text,
    scope: record.scope,
    pinned: record.pinned,
    origin: {
      author: record.author,
      ...(record.threadId ? { threadId: record.threadId } : {}),
      ...(record.runId ? { runId: record.runId } : {}),
      ...(actorRef ? { actorRef } : {}),
    },
    updatedAt: record.updatedAt,
    ...(record.expiresAt ? { expiresAt: record.expiresAt } : {}),
  };
}

export function createConsoleMemoryProvider(options: ConsoleMemoryProviderOptions): Required<MemoryProvider> {
  const { client } = options;
  const now = options.now ?? (() => new Date());
  const page = `${(options.consoleUrl ?? '').replace(/\/+$/, '')}/memories`;
  const current = (records: readonly RuntimeRecord[]) => {
    const nowMs = now().getTime();
    return records.filter((record) => !record.expiresAt || Date.parse(record.expiresAt) > nowMs).map(toRecord);
  };
  return {
    list: async ({ scopes }) => current((await client.list({ scopes: [...scopes] })).records),
    search: async ({ scopes, query, limit }) =>
      current(
        (await client.search({ scopes: [...scopes], query: query.slice(0, 2_000), limit: Math.min(Math.max(0, limit), 200) })).records,
      ),
    write: async ({ key, text, scope, origin }) => {
      if (!scope.startsWith(ACTOR)) {
        throw new RuntimeApiError(400, 'INVALID', `The assistant writes only at a person's own scope (actor:<ref>), not at ${scope}.`);
      }
      const { record } = await client.write({
        actorRef: scope.slice(ACTOR.length),
        key,
        fact: text,
        ...(origin.threadId ? { threadId: origin.threadId } : {}),
        ...(origin.runId ? { runId: origin.runId } : {}),
      });
      return toRecord(record);
    },
    forget: async ({ id, scope, actor }) => {
      const actorRef = scope?.startsWith(ACTOR) ? scope.slice(ACTOR.length) : actor?.id;
      // Only a person's own scope holds what the assistant may forget.
      if (!actorRef || (scope !== undefined && !scope.startsWith(ACTOR))) return false;
      try {
        await client.forget({ actorRef, id });
        return true;
      } catch (error) {
        if (error instanceof RuntimeApiError && error.status === 404) return false;
        if (error instanceof RuntimeApiError && error.code === 'PERSONS_OWN_STATEMENT') throw new PersonsOwnStatementError(page);
        if (error instanceof RuntimeApiError && error.reason === 'PERSONS_OWN_STATEMENT') throw new PersonsOwnStatementError(page);
        throw error;
      }
    },
  };
}

/** The console's resolution of a person's scopes (actor, their groups in order, tenant, global). */
export function createConsoleScopeResolver(client: RuntimeClient): ScopeResolver {
  return { resolve: async ({ actor }) => (await client.resolveScopes({ actorRef: actor.id })).scopes };
}
