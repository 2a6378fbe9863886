// Request limits shared by the tRPC route and the browser's batch link (docs/security.md "Limits").

/** Calls per batched tRPC request; the client's batch link splits larger batches. */
export const TRPC_MAX_BATCH_SIZE = 10;
