// Generated from the Memory Console's OpenAPI document (/api/runtime/openapi.json) by
// openapi-typescript. Do not edit: run `npm run client:generate` in the console's repository.
/* eslint-disable */
export interface paths {
    "/api/runtime/changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What changed since a cursor (memories and people’s scope chains)
         * @description Every memory created, changed or deleted at the organisation’s scopes and `global`, and every change of a person’s groups, since `after`, oldest first, without text: re-read what you cache. No committed change is ever skipped; a change appears once every transaction older than it has ended, so a long transaction delays the feed. Changes are kept 7 days: an older cursor answers 410, and the reader takes a new cursor and reads everything again.
         *
         *     Needs a token with `memories:read`.
         */
        get: operations["changes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runtime/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send diagnostics (memory.resolved, memory.written)
         * @description A JSON array (or NDJSON) of up to 5,000 events, stored whole or not at all. An optional `Idempotency-Key` header makes retries safe.
         *
         *     Needs a token with `events:write`.
         */
        post: operations["events"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runtime/facts/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a published fact
         * @description Deletes the fact `id` at the version you saw (the audit row keeps what it was, so it can be undone on the Audit page). Needs a token of one organisation with `facts:write`, made by an administrator of it who still is one: each call acts for that person, checked against their grants as they are now, and the audit log names the token and them. Only the organisation’s own scope (`tenant:<ref>`) and its groups: never a person’s scope, never `global`.
         *
         *     Needs a token with `facts:write`.
         */
        post: operations["deleteFact"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runtime/facts/edit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change a published fact’s text
         * @description Replaces the text of the fact `id` at the version you saw (the Facts page’s Edit); it keeps its scope, key and pin. Needs a token of one organisation with `facts:write`, made by an administrator of it who still is one: each call acts for that person, checked against their grants as they are now, and the audit log names the token and them. Only the organisation’s own scope (`tenant:<ref>`) and its groups: never a person’s scope, never `global`.
         *
         *     Needs a token with `facts:write`.
         */
        post: operations["editFact"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runtime/facts/pin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pin a published fact: always in the prompt
         * @description Pins the fact `id` at the version you saw. When that would leave people with more always-on facts than their budget, it is refused (409 `PIN_OVER_BUDGET`, with `peopleOver`) unless `confirmOmissions` is that number. Needs a token of one organisation with `facts:write`, made by an administrator of it who still is one: each call acts for that person, checked against their grants as they are now, and the audit log names the token and them. Only the organisation’s own scope (`tenant:<ref>`) and its groups: never a person’s scope, never `global`.
         *
         *     Needs a token with `facts:write`.
         */
        post: operations["pinFact"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runtime/facts/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish a fact for the organisation or one of its groups
         * @description Creates the fact at `scope` and `key`, or replaces its text (the Facts page’s Publish), authored by a person (`human`). `expectedVersion` 0 creates only; the version you saw replaces only that version. Pinning a fact that would leave people with more always-on facts than their budget is refused (409 `PIN_OVER_BUDGET`, with `peopleOver`) unless `confirmOmissions` is that number. Needs a token of one organisation with `facts:write`, made by an administrator of it who still is one: each call acts for that person, checked against their grants as they are now, and the audit log names the token and them. Only the organisation’s own scope (`tenant:<ref>`) and its groups: never a person’s scope, never `global`.
         *
         *     Needs a token with `facts:write`.
         */
        post: operations["publishFact"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runtime/facts/unpin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unpin a published fact
         * @description Unpins the fact `id` at the version you saw. Needs a token of one organisation with `facts:write`, made by an administrator of it who still is one: each call acts for that person, checked against their grants as they are now, and the audit log names the token and them. Only the organisation’s own scope (`tenant:<ref>`) and its groups: never a person’s scope, never `global`.
         *
         *     Needs a token with `facts:write`.
         */
        post: operations["unpinFact"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runtime/memories/forget": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Forget one memory of the person the assistant runs for
         * @description Deletes the assistant’s own conclusion with this id at `actor:<actorRef>`. What the person stated about themselves is theirs to delete in the console (409 `PERSONS_OWN_STATEMENT`). Every forget is in the organisation’s audit log, naming the token.
         *
         *     Needs a token with `memories:write`.
         */
        post: operations["forget"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runtime/memories/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the memories at some scopes, or of a person
         * @description Every record at the given scopes, or at the scopes of the person given by `actorRef` (resolved as `scopes/resolve` does). A scope the token’s organisation does not hold — another organisation’s, an unknown kind, a group not defined here, a person not of this organisation — is skipped and named in `ignoredScopes`; the others are answered.
         *
         *     Needs a token with `memories:read`.
         */
        post: operations["list"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runtime/memories/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search the memories at some scopes, or of a person, for a turn’s words
         * @description Takes the scopes as `list` does (skipped ones in `ignoredScopes`), ranks keys by relevance to the turn’s words, keeps the best `limit` keys and returns every record of those keys, best first, then every pinned record at the scopes, with the ranking.
         *
         *     Needs a token with `memories:read`.
         */
        post: operations["search"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runtime/memories/write": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Write a conclusion about the person the assistant runs for
         * @description Writes at `actor:<actorRef>` only, authored by the assistant. The same text again changes nothing (`changed: false`). A key holding the person’s own statement is never replaced (409); the assistant’s conclusions have their own quota (409 `QUOTA_EXCEEDED`). `expiresAt` or `ttlSeconds` sets when it expires (400 naming the field when it is not in the future or more than 10 years out); without either, a new conclusion gets the organisation’s default lifetime, if it has one.
         *
         *     Needs a token with `memories:write`.
         */
        post: operations["write"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runtime/scopes/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Which scopes apply to a person, and the organisation’s limits
         * @description The person’s scope tokens, most specific first: their own, their groups in the configured order, their organisation, `global` — the console’s one resolver, so a runtime needs no copy of who belongs where — with the organisation’s `maxMemories` (per turn) and `maxFactChars`. Cheap enough for every turn; `list` and `search` take `actorRef` to do both in one call.
         *
         *     Needs a token with `memories:read`.
         */
        post: operations["resolveScopes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            error: {
                code: string;
                /** @description With a version conflict: the version the record is at now. */
                currentVersion?: number;
                id?: string;
                items?: {
                    field: string;
                    index: number;
                    message: string;
                }[];
                message: string;
                /** @description With `PIN_OVER_BUDGET`: how many people would be over their budget (send it as `confirmOmissions`). */
                peopleOver?: number;
                reason?: string;
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    changes: {
        parameters: {
            query?: {
                /** @description The `cursor` of the previous answer. Absent: no changes, and the cursor to start from (take it before reading everything). */
                after?: string;
                /** @description How many changes at most (default 500, at most 1000). */
                limit?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The changes and the cursor to pass next. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Oldest first. A memory may appear more than once; apply them in order. */
                        changes: ({
                            /**
                             * Format: date-time
                             * @description When the change was made (its transaction’s start).
                             */
                            at: string;
                            id: string;
                            /** @enum {string} */
                            kind: "created" | "changed" | "deleted";
                            scope: string;
                        } | {
                            /** @description The person whose scope chain changed: resolve their scopes again. */
                            actorRef: string;
                            /**
                             * Format: date-time
                             * @description When the change was made (its transaction’s start).
                             */
                            at: string;
                            /** @constant */
                            kind: "membership";
                        })[];
                        /** @description Pass as `after` next time. */
                        cursor: string;
                        /** @description true when the page was full: ask again at once. */
                        more: boolean;
                    };
                };
            };
            /** @description The body is not valid: the message names the field and its limit. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API token, or an unknown or revoked one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission, or a scope or person is outside its organisation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The cursor is older than the 7 days the feed keeps (code `CURSOR_EXPIRED`): read everything again, from a new cursor. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has as many requests in progress at once as it may on this server (code `TOO_MANY_REQUESTS`); retry after the `Retry-After` header’s seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure; the answer carries a reference id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    events: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": (({
                    /** Format: date-time */
                    at?: string;
                    offered: number;
                    omitted: number;
                    pinnedOmitted: number;
                    promptChars: number;
                    recalled: number | boolean;
                    runId?: string;
                    scopes: string[] | number;
                    tenantRef?: string;
                    /** @constant */
                    type: "memory.resolved";
                } | {
                    /** Format: date-time */
                    at?: string;
                    chars: number;
                    runId?: string;
                    scope: string;
                    tenantRef?: string;
                    /** @constant */
                    type: "memory.written";
                }) | ({
                    /** @constant */
                    event: "memory.resolved";
                    lib: string;
                    payload: {
                        offered: number;
                        omitted: number;
                        pinnedOmitted: number;
                        promptChars: number;
                        recalled: number | boolean;
                        runId?: string;
                        scopes: string[] | number;
                    };
                    traceId?: string;
                    ts?: string | number;
                    /** @constant */
                    v: 1;
                } | {
                    /** @constant */
                    event: "memory.written";
                    lib: string;
                    payload: {
                        chars: number;
                        runId?: string;
                        scope: string;
                    };
                    traceId?: string;
                    ts?: string | number;
                    /** @constant */
                    v: 1;
                }))[];
                "application/x-ndjson": string;
            };
        };
        responses: {
            /** @description Stored. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accepted: number;
                        resolved: number;
                        written: number;
                    };
                };
            };
            /** @description The body is not valid: the message names the field and its limit. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API token, or an unknown or revoked one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission, or a scope or person is outside its organisation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The `Idempotency-Key` came before with a different body (code `IDEMPOTENCY_KEY_REUSED`); nothing was stored. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has as many requests in progress at once as it may on this server (code `TOO_MANY_REQUESTS`); retry after the `Retry-After` header’s seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure; the answer carries a reference id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteFact: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The version you saw; the change is refused (409) when the fact is no longer at it. */
                    expectedVersion: number;
                    /** @description The fact’s id, as `publish` or `list` answered it. */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is not valid: the message names the field and its limit. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API token, or an unknown or revoked one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks `facts:write`, or its creator is no longer an administrator of its organisation (reason `NOT_ADMINISTRATOR`) or is disabled (`WRITER_INACTIVE`), or the fact is at a person’s scope, at `global` or outside the organisation (`SCOPE_OUTSIDE_TENANT`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No fact with this id in the token’s organisation. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The fact is no longer at `expectedVersion` (`currentVersion` names the one it is at). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has as many requests in progress at once as it may on this server (code `TOO_MANY_REQUESTS`); retry after the `Retry-After` header’s seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure; the answer carries a reference id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    editFact: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The version you saw; the change is refused (409) when the fact is no longer at it. */
                    expectedVersion: number;
                    /**
                     * Format: date-time
                     * @description When the fact expires: in the future, at most 10 years out. Absent: an edit keeps the fact’s expiry.
                     */
                    expiresAt?: string;
                    /** @description The fact’s id, as `publish` or `list` answered it. */
                    id: string;
                    /** @description The fact, within the organisation’s fact length (400 naming the limit). */
                    text: string;
                };
            };
        };
        responses: {
            /** @description The fact as stored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        record: {
                            /** @enum {string} */
                            author: "human" | "agent";
                            /**
                             * Format: date-time
                             * @description When the memory expires; from then on it is never offered.
                             */
                            expiresAt?: string;
                            id: string;
                            key: string;
                            pinned: boolean;
                            runId?: string;
                            scope: string;
                            text: string;
                            threadId?: string;
                            /** Format: date-time */
                            updatedAt: string;
                            version: number;
                        };
                    };
                };
            };
            /** @description The body is not valid: the message names the field and its limit. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API token, or an unknown or revoked one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks `facts:write`, or its creator is no longer an administrator of its organisation (reason `NOT_ADMINISTRATOR`) or is disabled (`WRITER_INACTIVE`), or the fact is at a person’s scope, at `global` or outside the organisation (`SCOPE_OUTSIDE_TENANT`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No fact with this id in the token’s organisation. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The fact is no longer at `expectedVersion` (`currentVersion` names the one it is at). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has as many requests in progress at once as it may on this server (code `TOO_MANY_REQUESTS`); retry after the `Retry-After` header’s seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure; the answer carries a reference id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    pinFact: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description When pinning would leave people over their budget (409 `PIN_OVER_BUDGET`, with `peopleOver`): that number, to pin anyway. */
                    confirmOmissions?: number;
                    /** @description The version you saw; the change is refused (409) when the fact is no longer at it. */
                    expectedVersion: number;
                    /** @description The fact’s id, as `publish` or `list` answered it. */
                    id: string;
                };
            };
        };
        responses: {
            /** @description The fact as stored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        record: {
                            /** @enum {string} */
                            author: "human" | "agent";
                            /**
                             * Format: date-time
                             * @description When the memory expires; from then on it is never offered.
                             */
                            expiresAt?: string;
                            id: string;
                            key: string;
                            pinned: boolean;
                            runId?: string;
                            scope: string;
                            text: string;
                            threadId?: string;
                            /** Format: date-time */
                            updatedAt: string;
                            version: number;
                        };
                    };
                };
            };
            /** @description The body is not valid: the message names the field and its limit. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API token, or an unknown or revoked one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks `facts:write`, or its creator is no longer an administrator of its organisation (reason `NOT_ADMINISTRATOR`) or is disabled (`WRITER_INACTIVE`), or the fact is at a person’s scope, at `global` or outside the organisation (`SCOPE_OUTSIDE_TENANT`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No fact with this id in the token’s organisation. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The fact is no longer at `expectedVersion` (`currentVersion` names the one it is at). Or pinning would leave people over their budget (`PIN_OVER_BUDGET`, `peopleOver`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has as many requests in progress at once as it may on this server (code `TOO_MANY_REQUESTS`); retry after the `Retry-After` header’s seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure; the answer carries a reference id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    publishFact: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description When pinning would leave people over their budget (409 `PIN_OVER_BUDGET`, with `peopleOver`): that number, to pin anyway. */
                    confirmOmissions?: number;
                    /** @description 0: only when the key is new at the scope; the version you saw to replace it; absent: create or replace. */
                    expectedVersion?: number;
                    /**
                     * Format: date-time
                     * @description When the fact expires: in the future, at most 10 years out. Absent: an edit keeps the fact’s expiry.
                     */
                    expiresAt?: string;
                    key: string;
                    /** @description Always in every prompt at the scope. Absent: a new fact is not pinned, an edit keeps its pin. */
                    pinned?: boolean;
                    /** @description The organisation’s scope (tenant:<ref>) or one of its groups; never a person’s own scope or global. */
                    scope: string;
                    /** @description The fact, within the organisation’s fact length (400 naming the limit). */
                    text: string;
                };
            };
        };
        responses: {
            /** @description The fact as stored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        record: {
                            /** @enum {string} */
                            author: "human" | "agent";
                            /**
                             * Format: date-time
                             * @description When the memory expires; from then on it is never offered.
                             */
                            expiresAt?: string;
                            id: string;
                            key: string;
                            pinned: boolean;
                            runId?: string;
                            scope: string;
                            text: string;
                            threadId?: string;
                            /** Format: date-time */
                            updatedAt: string;
                            version: number;
                        };
                    };
                };
            };
            /** @description The body is not valid, or `scope` is a person’s own scope or `global`: the message names the field and its limit. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API token, or an unknown or revoked one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks `facts:write`, or its creator is no longer an administrator of its organisation (reason `NOT_ADMINISTRATOR`) or is disabled (`WRITER_INACTIVE`), or the fact is at a person’s scope, at `global` or outside the organisation (`SCOPE_OUTSIDE_TENANT`). A scope of another organisation and one that exists nowhere answer alike. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No fact with this id in the token’s organisation. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The fact is no longer at `expectedVersion` (`currentVersion` names the one it is at). Or pinning would leave people over their budget (`PIN_OVER_BUDGET`, `peopleOver`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has as many requests in progress at once as it may on this server (code `TOO_MANY_REQUESTS`); retry after the `Retry-After` header’s seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure; the answer carries a reference id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    unpinFact: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The version you saw; the change is refused (409) when the fact is no longer at it. */
                    expectedVersion: number;
                    /** @description The fact’s id, as `publish` or `list` answered it. */
                    id: string;
                };
            };
        };
        responses: {
            /** @description The fact as stored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        record: {
                            /** @enum {string} */
                            author: "human" | "agent";
                            /**
                             * Format: date-time
                             * @description When the memory expires; from then on it is never offered.
                             */
                            expiresAt?: string;
                            id: string;
                            key: string;
                            pinned: boolean;
                            runId?: string;
                            scope: string;
                            text: string;
                            threadId?: string;
                            /** Format: date-time */
                            updatedAt: string;
                            version: number;
                        };
                    };
                };
            };
            /** @description The body is not valid: the message names the field and its limit. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API token, or an unknown or revoked one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks `facts:write`, or its creator is no longer an administrator of its organisation (reason `NOT_ADMINISTRATOR`) or is disabled (`WRITER_INACTIVE`), or the fact is at a person’s scope, at `global` or outside the organisation (`SCOPE_OUTSIDE_TENANT`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No fact with this id in the token’s organisation. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The fact is no longer at `expectedVersion` (`currentVersion` names the one it is at). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has as many requests in progress at once as it may on this server (code `TOO_MANY_REQUESTS`); retry after the `Retry-After` header’s seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure; the answer carries a reference id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    forget: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The person the assistant runs for; must belong to the token’s organisation. */
                    actorRef: string;
                    id: string;
                };
            };
        };
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is not valid: the message names the field and its limit. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API token, or an unknown or revoked one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission, or a scope or person is outside its organisation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No record with this id at that person’s scope. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The record is the person’s own statement (reason `PERSONS_OWN_STATEMENT`): the assistant forgets only its own conclusions. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has as many requests in progress at once as it may on this server (code `TOO_MANY_REQUESTS`); retry after the `Retry-After` header’s seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure; the answer carries a reference id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Instead of scopes: the person whose scopes to read, resolved as POST /api/runtime/scopes/resolve does. */
                    actorRef?: string;
                    /** @description The scopes to read. Those the token’s organisation does not hold are skipped and named in ignoredScopes. */
                    scopes?: string[];
                };
            };
        };
        responses: {
            /** @description The records, by key. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Scopes given that the token’s organisation does not hold: skipped, nothing read there. */
                        ignoredScopes: string[];
                        records: {
                            /** @enum {string} */
                            author: "human" | "agent";
                            /**
                             * Format: date-time
                             * @description When the memory expires; from then on it is never offered.
                             */
                            expiresAt?: string;
                            id: string;
                            key: string;
                            pinned: boolean;
                            runId?: string;
                            scope: string;
                            text: string;
                            threadId?: string;
                            /** Format: date-time */
                            updatedAt: string;
                            version: number;
                        }[];
                        /** @description The scopes read, in the order given or resolved (the most specific first). */
                        scopes: string[];
                    };
                };
            };
            /** @description The body is not valid: the message names the field and its limit. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API token, or an unknown or revoked one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks `memories:read` or belongs to no single organisation, or `actorRef` is not an active person of it (reason `ACTOR_OUTSIDE_TENANT`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has as many requests in progress at once as it may on this server (code `TOO_MANY_REQUESTS`); retry after the `Retry-After` header’s seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure; the answer carries a reference id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    search: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Instead of scopes: the person whose scopes to read, resolved as POST /api/runtime/scopes/resolve does. */
                    actorRef?: string;
                    /** @description How many keys to rank; 0 for no limit of your own (the console ranks at most 200). */
                    limit: number;
                    /** @description The turn’s own words: any may match, best first; "quoted phrases" rank higher whole, -word excludes. Never fails on its text. */
                    query: string;
                    /** @description The scopes to read. Those the token’s organisation does not hold are skipped and named in ignoredScopes. */
                    scopes?: string[];
                };
            };
        };
        responses: {
            /** @description The records and the ranking. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Scopes given that the token’s organisation does not hold: skipped, nothing read there. */
                        ignoredScopes: string[];
                        /** @description The matching keys, best first (the order of `records` too, before the pinned ones). */
                        ranking: string[];
                        records: {
                            /** @enum {string} */
                            author: "human" | "agent";
                            /**
                             * Format: date-time
                             * @description When the memory expires; from then on it is never offered.
                             */
                            expiresAt?: string;
                            id: string;
                            key: string;
                            pinned: boolean;
                            runId?: string;
                            scope: string;
                            text: string;
                            threadId?: string;
                            /** Format: date-time */
                            updatedAt: string;
                            version: number;
                        }[];
                        /** @description The scopes read, in the order given or resolved (the most specific first). */
                        scopes: string[];
                    };
                };
            };
            /** @description The body is not valid: the message names the field and its limit. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API token, or an unknown or revoked one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks `memories:read` or belongs to no single organisation, or `actorRef` is not an active person of it (reason `ACTOR_OUTSIDE_TENANT`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has as many requests in progress at once as it may on this server (code `TOO_MANY_REQUESTS`); retry after the `Retry-After` header’s seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure; the answer carries a reference id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    write: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The person the assistant runs for; must belong to the token’s organisation. */
                    actorRef: string;
                    /**
                     * Format: date-time
                     * @description When the memory expires: in the future, at most 10 years out. Give this or ttlSeconds, not both.
                     */
                    expiresAt?: string;
                    fact: string;
                    key: string;
                    runId?: string;
                    threadId?: string;
                    /** @description Seconds from now until the memory expires (at most 10 years). Give this or expiresAt, not both. */
                    ttlSeconds?: number;
                };
            };
        };
        responses: {
            /** @description The record as stored, and whether this request changed it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description false when the key already held exactly this text: nothing was written. */
                        changed: boolean;
                        record: {
                            /** @enum {string} */
                            author: "human" | "agent";
                            /**
                             * Format: date-time
                             * @description When the memory expires; from then on it is never offered.
                             */
                            expiresAt?: string;
                            id: string;
                            key: string;
                            pinned: boolean;
                            runId?: string;
                            scope: string;
                            text: string;
                            threadId?: string;
                            /** Format: date-time */
                            updatedAt: string;
                            version: number;
                        };
                    };
                };
            };
            /** @description The body is not valid: the message names the field and its limit. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API token, or an unknown or revoked one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks the permission, or a scope or person is outside its organisation. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key holds the person’s own statement (reason `REPLACES_OWN_STATEMENT`), or the quota is reached (`QUOTA_EXCEEDED`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has as many requests in progress at once as it may on this server (code `TOO_MANY_REQUESTS`); retry after the `Retry-After` header’s seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure; the answer carries a reference id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resolveScopes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The person the assistant runs for; must belong to the token’s organisation. */
                    actorRef: string;
                };
            };
        };
        responses: {
            /** @description The scopes and limits. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        actorRef: string;
                        /** @description The longest fact, in characters, the organisation allows. */
                        maxFactChars: number;
                        /** @description How many memories the organisation puts in one turn’s prompt. */
                        maxMemories: number;
                        /** @description The person’s scopes, most specific first: their own, their groups, their organisation, global. */
                        scopes: string[];
                    };
                };
            };
            /** @description The body is not valid: the message names the field and its limit. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No API token, or an unknown or revoked one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token lacks `memories:read` or belongs to no single organisation, or `actorRef` is not an active person of it (reason `ACTOR_OUTSIDE_TENANT`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has as many requests in progress at once as it may on this server (code `TOO_MANY_REQUESTS`); retry after the `Retry-After` header’s seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An unexpected failure; the answer carries a reference id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
