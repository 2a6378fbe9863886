// The columns a runtime record carries (docs/runtime-api.md "The runtime's memory API"): the
// services read no more than these, and the handlers answer them in the wire format of schemas.ts.
import type { AgentMemory } from '../db/generated/client';
import type { MemoryRecord } from './schemas';

export const RUNTIME_RECORD_FIELDS = {
  id: true,
  key: true,
  text: true,
  scope: true,
  pinned: true,
  author: true,
  version: true,
  threadId: true,
  runId: true,
  updatedAt: true,
  expiresAt: true,
} as const;

export type RuntimeRecordRow = Pick<AgentMemory, keyof typeof RUNTIME_RECORD_FIELDS>;

export function toRuntimeRecord(memory: RuntimeRecordRow): MemoryRecord {
  return {
    id: memory.id,
    key: memory.key,
    text: memory.text,
    scope: memory.scope,
    pinned: memory.pinned,
    author: memory.author,
    version: memory.version,
    ...(memory.threadId ? { threadId: memory.threadId } : {}),
    ...(memory.runId ? { runId: memory.runId } : {}),
    updatedAt: memory.updatedAt.toISOString(),
    ...(memory.expiresAt ? { expiresAt: memory.expiresAt.toISOString() } : {}),
  };
}
