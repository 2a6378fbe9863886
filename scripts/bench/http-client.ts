// The HTTP side of the page bench (scripts/bench/page-http.ts), in a Node process of its own: the
// bench's own process has by then run the in-process sections, and its heap (the pools, the
// answers it held) made its fetches the slowest part of a timed request — on one server, one
// read-back answered in 40 ms at the 95th percentile to the bench's process and in 24 ms to curl.
// Started by page-http.ts for each phase; it is told what to do over IPC and answers there.
//
//   timed: 3 requests to warm up, then "ready"; on "go", RUNS requests one after another, each
//          one's milliseconds back in `samples`.
//   load:  a caller per cookie (each a session of its own) for `seconds`, the number of answers back in `done`.
import http from 'node:http';
import { ACCEPT_ENCODING, unpacked } from './accept-encoding';

export type ClientTask =
  { kind: 'timed'; url: string; cookie: string; runs: number } | { kind: 'load'; url: string; cookies: string[]; seconds: number };

export type ClientReply =
  | { kind: 'ready' }
  | { kind: 'timed'; samples: number[]; bytes: number }
  | { kind: 'load'; done: number; seconds: number }
  | { kind: 'failed'; message: string };

// node:http, with keep-alive, rather than fetch, which does more work per request in the client
// (docs/benchmarks.md "read-path" has both). Asks for compression as a browser would
// (accept-encoding.ts).
const agent = new http.Agent({ keepAlive: true });

function get(url: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { cookie, 'accept-encoding': ACCEPT_ENCODING } }, (response) => {
      const body = unpacked(response);
      let bytes = 0;
      body.on('data', (chunk: Buffer) => (bytes += chunk.length));
      body.on('error', reject);
      body.on('end', () =>
        response.statusCode === 200 ? resolve(bytes) : reject(new Error(`GET ${url} answered ${response.statusCode}`)),
      );
    });
    request.on('error', reject);
  });
}

const reply = (message: ClientReply) => new Promise<void>((resolve) => process.send!(message, () => resolve()));
const nextMessage = () => new Promise<unknown>((resolve) => process.once('message', resolve));

async function timed(task: Extract<ClientTask, { kind: 'timed' }>): Promise<void> {
  for (let i = 0; i < 3; i++) await get(task.url, task.cookie);
  await reply({ kind: 'ready' });
  await nextMessage();
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < task.runs; i++) {
    const start = performance.now();
    bytes = await get(task.url, task.cookie);
    samples.push(performance.now() - start);
  }
  await reply({ kind: 'timed', samples, bytes });
}

async function load(task: Extract<ClientTask, { kind: 'load' }>): Promise<void> {
  let done = 0;
  const started = performance.now();
  const until = started + task.seconds * 1000;
  await Promise.all(
    task.cookies.map(async (cookie) => {
      while (performance.now() < until) {
        await get(task.url, cookie);
        done++;
      }
    }),
  );
  await reply({ kind: 'load', done, seconds: (performance.now() - started) / 1000 });
}

async function main() {
  const task = (await nextMessage()) as ClientTask;
  try {
    await (task.kind === 'timed' ? timed(task) : load(task));
  } catch (error) {
    await reply({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
  agent.destroy();
  process.disconnect();
}

void main();
