// A query the server prefetched reaches the browser's cache as an HTTP answer would have filled it
// (dates as ISO strings), so components never see a Date; on its way it is one string, its JSON.
import { dehydrate, hydrate } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { makePrefetchClient } from './prefetch-client';
import { fromHandOverText, makeQueryClient } from './query-client';

/** Prefetches `value` on the server and hands it to a browser's QueryClient as a page would. */
async function handedOver(value: unknown): Promise<unknown> {
  const server = makePrefetchClient();
  await server.prefetchQuery({ queryKey: ['answer'], queryFn: () => value });
  const browser = makeQueryClient();
  // A server component hands the state over with React's own serialisation, which keeps Dates as
  // Dates and objects as objects (structuredClone does the same): only the recipe turns them into
  // JSON.
  hydrate(browser, structuredClone(dehydrate(server)));
  return browser.getQueryData(['answer']);
}

describe('server-side prefetch and the wire format', () => {
  it('hands the browser ISO strings where the procedure returned Dates', async () => {
    const updatedAt = new Date(Date.UTC(2026, 4, 1, 9, 30));
    const list = await handedOver([{ id: 'm1', updatedAt, overrides: [{ updatedAt }] }]);
    expect(list).toEqual([{ id: 'm1', updatedAt: '2026-05-01T09:30:00.000Z', overrides: [{ updatedAt: '2026-05-01T09:30:00.000Z' }] }]);
  });

  it('hands each answer over as one string, the JSON text an HTTP answer carries', async () => {
    const server = makePrefetchClient();
    const page = {
      pages: [{ memories: [{ id: 'm1', text: 'Prefers "tea" </script>', updatedAt: new Date(0) }] }],
      pageParams: [undefined],
    };
    await server.prefetchInfiniteQuery({ queryKey: ['list'], queryFn: () => page.pages[0]!, initialPageParam: undefined });
    const [query] = dehydrate(server).queries;
    expect(query!.state.data).toBe(JSON.stringify({ pages: page.pages, pageParams: [undefined] }));
    expect(query!.state.data).toBe(
      '{"pages":[{"memories":[{"id":"m1","text":"Prefers \\"tea\\" </script>","updatedAt":"1970-01-01T00:00:00.000Z"}]}],"pageParams":[null]}',
    );
  });

  it('does the same for a query still pending when the page streams', async () => {
    const server = makePrefetchClient();
    const updatedAt = new Date(Date.UTC(2026, 4, 1, 9, 30));
    let resolve!: (rows: { updatedAt: Date; threadId?: string }[]) => void;
    void server.prefetchQuery({
      queryKey: ['memories', 'preview'],
      queryFn: () => new Promise<{ updatedAt: Date }[]>((done) => (resolve = done)),
    });

    const state = dehydrate(server);
    const pending = state.queries.find((query) => query.queryKey[1] === 'preview')!;
    expect(pending.state.status).toBe('pending');
    const browser = makeQueryClient();
    hydrate(browser, state);
    resolve([{ updatedAt, threadId: undefined }]);
    expect(await pending.promise).toBe('[{"updatedAt":"2026-05-01T09:30:00.000Z"}]');
    await expect.poll(() => browser.getQueryData(['memories', 'preview'])).toEqual([{ updatedAt: '2026-05-01T09:30:00.000Z' }]);
    expect(browser.getQueryState(['memories', 'preview'])?.status).toBe('success');
  });

  class Money {
    constructor(readonly cents: number) {}
  }
  const holey = [1, 2];
  holey.length = 3;
  it.each([
    ['a Date deep inside', { rows: [{ at: new Date(Date.UTC(2026, 0, 2)) }] }],
    ['a Date alone', new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6))],
    ['an invalid Date', { at: new Date(Number.NaN) }],
    ['a Date with a toJSON of its own', { at: Object.assign(new Date(0), { toJSON: () => 'mine' }) }],
    ['properties left undefined around a Date', { a: undefined, at: new Date(0), b: 1, c: undefined }],
    ['an infinite query whose first page param is undefined', { pages: [{ rows: [] }], pageParams: [undefined] }],
    ['undefined in an array, and a hole', { list: [1, undefined, 3], holey }],
    ['NaN, Infinity and -0', { a: Number.NaN, b: Number.POSITIVE_INFINITY, n: -0 }],
    ['an instance of a class, a Map and a Set', { price: new Money(250), map: new Map([['a', 1]]), set: new Set([1]) }],
    ['a function and a symbol', { run: () => 1, tag: Symbol('t'), [Symbol('hidden')]: 1 }],
    ['a string', 'Prefers tea'],
    ['null, a number and a boolean', [null, 3, false]],
  ])('%s: the browser gets what a JSON round trip gives', async (_case, value) => {
    expect(await handedOver(value)).toStrictEqual(JSON.parse(JSON.stringify(value)));
  });

  it('writes every character above U+00FF as its escape, and the browser reads back the same text', async () => {
    const text = 'Café Müller — 5 € a cup, 日本茶, a manager’s “yes” 😀 \u2028 and a lone \ud800';
    const server = makePrefetchClient();
    await server.prefetchQuery({ queryKey: ['answer'], queryFn: () => ({ text }) });
    const handOver = dehydrate(server).queries[0]!.state.data as string;
    // Latin-1 stays as it is; nothing above it is left in the string.
    expect(handOver).toContain('Café Müller');
    expect(handOver).toContain('\\u2014 5 \\u20ac');
    expect([...handOver].filter((character) => character.codePointAt(0)! > 0xff)).toEqual([]);
    expect(await handedOver({ text })).toStrictEqual({ text });
  });

  it('refuses hand-over data that is not JSON text, rather than guessing', () => {
    expect(() => fromHandOverText({ id: 'm1' })).toThrow('A prefetched answer arrives as JSON text.');
    expect(fromHandOverText('{"id":"m1"}')).toEqual({ id: 'm1' });
  });
});
