// How much the tRPC wire format costs on a long memories list: superjson (what the API used before)
// against plain JSON (what it uses now; dates travel as ISO strings), and what handing a prefetched
// first page to the browser as its JSON text costs on each side. A section of `npm run bench`
// (`npm run bench wire-format`); prints the median of several runs of each.
// See docs/architecture.md "Wire format" for the choice this measures.
import { performance } from 'node:perf_hooks';
import superjson from 'superjson';
import { fromHandOverText, toHandOverText } from '../../server/api/query-client';
import { DEFAULT_PAGE_SIZE as FIRST_PAGE } from '../../server/api/routers/memories';
import { percentile } from './measure';

const runs = 15;
/** Hand-overs per timed run: one takes a fraction of a millisecond. */
const HAND_OVERS = 100;

function memoryRow(index: number) {
  const at = new Date(Date.UTC(2026, 0, 1) + index * 60_000);
  return {
    id: `01J${String(index).padStart(23, '0')}`,
    key: `preference-${index}`,
    text: `The person prefers answer number ${index} to be short, friendly and in British English.`,
    scope: index % 3 === 0 ? 'tenant:acme' : 'actor:alice',
    audience: index % 3 === 0 ? 'everyone-here' : 'only-you',
    pinned: index % 7 === 0,
    alwaysOn: index % 7 === 0,
    author: 'assistant',
    version: 1 + (index % 4),
    createdAt: at,
    updatedAt: at,
    mine: index % 3 !== 0,
    origin: {
      author: 'assistant',
      actorRef: 'alice',
      threadId: `thread-${index % 40}`,
      runId: null,
      promotedFromId: null,
      thread: { id: `thread-${index % 40}`, title: `Conversation ${index % 40}`, startedAt: at },
    },
    overrides:
      index % 5 === 0
        ? [{ id: `o-${index}`, scope: 'global', text: 'A default everyone gets.', author: 'admin', updatedAt: at, audience: 'everyone' }]
        : [],
  };
}

function time(label: string, work: () => unknown): number {
  for (let i = 0; i < 3; i++) work(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work();
    samples.push(performance.now() - start);
  }
  const ms = percentile(samples, 50);
  console.log(`${label.padEnd(34)} ${ms.toFixed(1).padStart(7)} ms`);
  return ms;
}

/** Measures and prints; `rows` memories in the list. */
export function runWireFormatBench(rows = 2_500): void {
  const list = Array.from({ length: rows }, (_, index) => memoryRow(index));
  const json = JSON.stringify(list);
  const superjsonText = superjson.stringify(list);
  console.log(
    `${rows} memory rows; JSON ${(json.length / 1024).toFixed(0)} KiB, superjson ${(superjsonText.length / 1024).toFixed(0)} KiB (median of ${runs} runs)`,
  );
  const writeSuper = time('superjson.stringify (server)', () => superjson.stringify(list));
  const writeJson = time('JSON.stringify (server)', () => JSON.stringify(list));
  const readSuper = time('superjson.parse (browser)', () => superjson.parse(superjsonText));
  const readJson = time('JSON.parse (browser)', () => JSON.parse(json));
  console.log(`superjson costs ${(writeSuper / writeJson).toFixed(1)}x to write and ${(readSuper / readJson).toFixed(1)}x to read.`);

  // A server-rendered page hands each prefetched answer over as its JSON text (toHandOverText).
  const page = {
    pages: [{ memories: list.slice(0, FIRST_PAGE), totals: { all: rows, yours: FIRST_PAGE }, next: null }],
    pageParams: [undefined],
  };
  const text = toHandOverText(page)!;
  const written = time(`toHandOverText of a first page ×${HAND_OVERS}`, () => {
    for (let i = 0; i < HAND_OVERS; i++) toHandOverText(page);
  });
  const read = time(`fromHandOverText of it ×${HAND_OVERS}`, () => {
    for (let i = 0; i < HAND_OVERS; i++) fromHandOverText(text);
  });
  console.log(
    `handing over a first page of ${FIRST_PAGE} (${(text.length / 1024).toFixed(0)} KiB): ${((written / HAND_OVERS) * 1000).toFixed(0)} µs on the server, ${((read / HAND_OVERS) * 1000).toFixed(0)} µs in the browser.`,
  );
}
