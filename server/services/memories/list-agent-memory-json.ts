// The runtime's read-back (docs/runtime-api.md "REST endpoints for the runtime client"): every
// memory that applies to a person, one per key with the values it overrides, no page and no budget
// — as the JSON text of the whole array, written by the database in a few parts of many elements
// each, so the server neither parses a row per memory nor holds the whole array at once
// (docs/architecture.md "The read path"). The same precedence as the list (visible-winners-sql.ts):
// the narrowest scope wins, a key pinned at any of the person's scopes is always-on.
import type { Viewer } from '../../auth/viewer';
import type { ServiceCall } from '../context';
import { jsonArrayPieces } from '../json-parts';
import { agentMemoryJsonSql } from './list-agent-memory-json-sql';

export interface ListAgentMemoryJsonInput {
  viewer: Pick<Viewer, 'scopes'>;
  /** Keep memories whose winning value came from this conversation. */
  threadId?: string;
}

/** The contract's array as JSON text in pieces that join into it (`[]` when nothing is visible): json-parts.ts. */
export function listAgentMemoryJson({ ctx, input }: ServiceCall<ListAgentMemoryJsonInput>): AsyncGenerator<Uint8Array> {
  return jsonArrayPieces(ctx, agentMemoryJsonSql(input, ctx.now()));
}
