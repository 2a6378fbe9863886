// Forwards the reference library's diagnostics (`aviary:agent:memory.resolved`, `…memory.written` on
// node:diagnostics_channel) to the console in batches. A turn never waits for it: a message is put in
// a bounded buffer and sent later; when the buffer is full a new message is dropped and counted. A batch
// the console did not take for a passing reason (unreachable, 429, 5xx) is retried with growing
// waits under one Idempotency-Key (so a retry lands once); one it refused (another 4xx) is dropped
// and counted. The envelope goes unchanged: the console dates it by its `ts`.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { RuntimeApiError, type RuntimeClient, type RuntimeEvent } from './client.js';
import type { DiagnosticsEnvelope } from './library-types.js';

export const DIAGNOSTICS_CHANNELS = ['aviary:agent:memory.resolved', 'aviary:agent:memory.written'] as const;

export interface DiagnosticsBridgeOptions {
  /** The client of the run's organisation; with several, `clientFor` picks one per message. */
  client?: RuntimeClient;
  clientFor?: (message: DiagnosticsEnvelope) => RuntimeClient | undefined;
  /** Messages kept at most while waiting to be sent (default 10,000). */
  maxBuffered?: number;
  /** Events per batch (default 1,000). */
  batchSize?: number;
  /** How often the buffer is sent, in ms (default 1,000). */
  flushEveryMs?: number;
  /** First wait after a failed batch, doubled up to maxRetryMs (defaults 500 and 30,000). */
  retryMs?: number;
  maxRetryMs?: number;
}

export interface DiagnosticsBridgeStats {
  sent: number;
  /** Dropped because the buffer was full (the console down for long). */
  dropped: number;
  /** Refused by the console (a 4xx other than 429): not retried. */
  refused: number;
  buffered: number;
  /** Consecutive failed attempts of the batch at the head. */
  failures: number;
}

export interface DiagnosticsBridge {
  /** Sends what is buffered now (one attempt per batch); resolves when done. */
  flush: () => Promise<void>;
  stats: () => DiagnosticsBridgeStats;
  /** Stops listening and sending (what is buffered is left). */
  close: () => void;
}

const isEnvelope = (message: unknown): message is DiagnosticsEnvelope =>
  typeof message === 'object' && message !== null && 'event' in message && 'payload' in message;

export function startDiagnosticsBridge(options: DiagnosticsBridgeOptions): DiagnosticsBridge {
  const maxBuffered = options.maxBuffered ?? 10_000;
  const batchSize = options.batchSize ?? 1_000;
  const retryMs = options.retryMs ?? 500;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const clientFor = options.clientFor ?? (() => options.client);
  const buffer: { client: RuntimeClient; event: DiagnosticsEnvelope }[] = [];
  const stats = { sent: 0, dropped: 0, refused: 0, failures: 0 };
  let nextAttemptAt = 0;
  let sending: Promise<void> | null = null;
  let batchKey: string | null = null;

  const onMessage = (message: unknown) => {
    if (!isEnvelope(message)) return;
    const client = clientFor(message);
    if (!client) return;
    // Dropping the newest keeps the batch being sent (the head of the buffer) as it was.
    if (buffer.length >= maxBuffered) stats.dropped += 1;
    else buffer.push({ client, event: message });
  };
  for (const name of DIAGNOSTICS_CHANNELS) subscribe(name, onMessage);

  async function sendOnce(): Promise<void> {
    while (buffer.length > 0 && Date.now() >= nextAttemptAt) {
      const client = buffer[0]!.client;
      let count = 0;
      while (count < buffer.length && count < batchSize && buffer[count]!.client === client) count += 1;
      batchKey ??= `bridge-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
      try {
        await client.sendEvents(
          buffer.slice(0, count).map(({ event }) => event as unknown as RuntimeEvent),
          { idempotencyKey: batchKey },
        );
        stats.sent += count;
      } catch (error) {
        const passing = !(error instanceof RuntimeApiError) || error.status === 429 || error.status >= 500;
        if (passing) {
          stats.failures += 1;
          nextAttemptAt = Date.now() + Math.min(maxRetryMs, retryMs * 2 ** (stats.failures - 1));
          return;
        }
        stats.refused += count;
      }
      buffer.splice(0, count);
      batchKey = null;
      stats.failures = 0;
      nextAttemptAt = 0;
    }
  }

  const flush = () => {
    sending ??= sendOnce().finally(() => {
      sending = null;
    });
    return sending;
  };
  const timer = setInterval(() => void flush(), options.flushEveryMs ?? 1_000);
  timer.unref?.();

  return {
    flush,
    stats: () => ({ ...stats, buffered: buffer.length }),
    close: () => {
      clearInterval(timer);
      for (const name of DIAGNOSTICS_CHANNELS) unsubscribe(name, onMessage);
    },
  };
}
