// POST /api/runtime/memories/write: the assistant's conclusion about the person it runs for,
// always at `actor:<actorRef>` and through the one write path (authority, fact rules, quota and the
// rule that a person's own statement is never replaced all live there). The same text again is a
// no-op. No diagnostics are recorded: the runtime reports its own `memory.written` events.
import { actorScope, isSameFactText, stateAt } from '../../domain';
import type { AgentMemory, PrismaClient } from '../../db/generated/client';
import type { ServiceCall } from '../context';
import { runWriteTransaction } from '../memories/run-write-transaction';
import { lockMemoryRow } from '../memories/lock-memory-row';
import { LostRace, writeMemoryInTransaction } from '../memories/write-memory-in-transaction';
import { agentWriter } from '../memories/writer';
import { loadRuntimeActor } from './load-runtime-actor';

export interface WriteRuntimeMemoryInput {
  tokenTenantRef: string | null;
  actorRef: string;
  key: string;
  fact: string;
  threadId?: string;
  runId?: string;
  /** When it expires (ISO 8601), or `ttlSeconds` from now; checked by the write path (400). */
  expiresAt?: string;
  ttlSeconds?: number;
}

export async function writeRuntimeMemory({
  ctx,
  input,
}: ServiceCall<WriteRuntimeMemoryInput, PrismaClient>): Promise<{ record: AgentMemory; changed: boolean }> {
  const actor = await loadRuntimeActor({ ctx, input });
  const scope = actorScope(actor.actorRef);
  const writer = agentWriter(actor);
  return runWriteTransaction({
    ctx,
    input: {
      key: input.key,
      writer,
      write: async (txCtx) => {
        // Locked, so a save of this key waits for ours and we compare with what is really there.
        const existing = await lockMemoryRow({ ctx: txCtx, input: { scope, key: input.key } });
        // The same text is a no-op, unless it names an expiry or the record has expired (a re-save restores it).
        const asksExpiry = input.expiresAt !== undefined || input.ttlSeconds !== undefined;
        if (existing && !asksExpiry && stateAt(existing, txCtx.now()) !== 'expired' && isSameFactText(existing.text, input.fact)) {
          return { record: existing, changed: false };
        }
        const record = await writeMemoryInTransaction({
          ctx: txCtx,
          input: {
            writer,
            scope,
            key: input.key,
            text: input.fact,
            threadId: input.threadId ?? null,
            runId: input.runId ?? null,
            ...(asksExpiry
              ? {
                  expiry: {
                    ...(input.expiresAt !== undefined ? { expiresAt: new Date(input.expiresAt) } : {}),
                    ttlSeconds: input.ttlSeconds,
                  },
                }
              : {}),
          },
        });
        // Someone created the key between our read and our write (there was no row to lock): start
        // over, so the same text written twice at once changes it once.
        if (!existing && record.version !== 1) throw new LostRace();
        return { record, changed: true };
      },
    },
  });
}
