// The wire is plain JSON: a query the server prefetched reaches the browser's cache in the same
// shape an HTTP answer has (dates as ISO strings), so components never see a Date.
import { dehydrate, hydrate } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { asOnTheWire, makePrefetchClient } from './prefetch-client';
import { makeQueryClient } from './query-client';

describe('server-side prefetch and the wire format', () => {
  it('hands the browser ISO strings where the procedure returned Dates', async () => {
    const server = makePrefetchClient();
    const updatedAt = new Date(Date.UTC(2026, 4, 1, 9, 30));
    await server.prefetchQuery({ queryKey: ['memories', 'list'], queryFn: () => [{ id: 'm1', updatedAt, overrides: [{ updatedAt }] }] });

    const browser = makeQueryClient();
    // A server component hands the state over with React's own serialisation, which keeps Dates
    // as Dates (structuredClone does the same): only the recipe's serializeData makes them strings.
    hydrate(browser, structuredClone(dehydrate(server)));
    const list = browser.getQueryData<{ id: string; updatedAt: unknown; overrides: { updatedAt: unknown }[] }[]>(['memories', 'list']);

    expect(list).toEqual([{ id: 'm1', updatedAt: '2026-05-01T09:30:00.000Z', overrides: [{ updatedAt: '2026-05-01T09:30:00.000Z' }] }]);
  });

  it('does the same for a query still pending when the page streams', async () => {
    const server = makePrefetchClient();
    const updatedAt = new Date(Date.UTC(2026, 4, 1, 9, 30));
    let resolve!: (rows: { updatedAt: Date }[]) => void;
    void server.prefetchQuery({
      queryKey: ['memories', 'preview'],
      queryFn: () => new Promise<{ updatedAt: Date }[]>((done) => (resolve = done)),
    });

    const state = dehydrate(server);
    const pending = state.queries.find((query) => query.queryKey[1] === 'preview')!;
    expect(pending.state.status).toBe('pending');
    resolve([{ updatedAt }]);
    expect(await pending.promise).toEqual([{ updatedAt: '2026-05-01T09:30:00.000Z' }]);
  });
});

describe('asOnTheWire', () => {
  class Money {
    constructor(readonly cents: number) {}
  }
  const holey = [1, 2];
  holey.length = 3;
  it.each([
    ['a Date deep inside', { rows: [{ at: new Date(Date.UTC(2026, 0, 2)) }] }],
    ['Dates in an array, before and after plain values', [new Date(Date.UTC(2026, 0, 2)), 'x', { at: new Date(0) }, [new Date(1)]]],
    ['a Date alone', new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6))],
    ['an invalid Date', { at: new Date(Number.NaN) }],
    ['a Date with a toJSON of its own', { at: Object.assign(new Date(0), { toJSON: () => 'mine' }) }],
    ['an instance of a Date subclass', { at: new (class Day extends Date {})(0) }],
    [
      'a Date under the key __proto__',
      JSON.parse('{"__proto__": 1}', (key, value: unknown) => (key === '__proto__' ? new Date(0) : value)) as object,
    ],
    ['a Date, then undefined further on', { at: new Date(0), later: [1, undefined] }],
    ['properties left undefined around a Date', { a: undefined, at: new Date(0), b: 1, c: undefined }],
    ['an infinite query whose first page param is undefined', { pages: [{ rows: [] }], pageParams: [undefined] }],
    [
      'a property that is undefined beside an own __proto__ key',
      Object.assign(JSON.parse('{"__proto__": {"a": 1}}') as object, { b: undefined }),
    ],
    ['a property that is undefined', { id: 'm1', threadId: undefined }],
    ['undefined in an array', [1, undefined, 3]],
    ['a hole in an array', holey],
    ['NaN and Infinity', { a: Number.NaN, b: Number.POSITIVE_INFINITY, c: [Number.NEGATIVE_INFINITY] }],
    ['-0', { n: -0 }],
    ['an instance of a class', { price: new Money(250) }],
    ['an object with toJSON', { value: { toJSON: () => 'said' } }],
    ['a Map and a Set', { map: new Map([['a', 1]]), set: new Set([1]) }],
    ['a function', { run: () => 1, items: [() => 2] }],
    ['a symbol key and value', { [Symbol('hidden')]: 1, tag: Symbol('t') }],
    ['an object without a prototype', { empty: Object.assign(Object.create(null) as object, { a: 1 }) }],
  ])('%s: the same as a JSON round trip', (_case, value) => {
    expect(asOnTheWire(value)).toStrictEqual(JSON.parse(JSON.stringify(value)));
  });

  it('hands plain JSON back as it is, without copying it', () => {
    const page = {
      memories: [{ id: 'm1', text: 'Prefers "tea" \\ coffee', pinned: false, version: 3, expiresAt: null, tags: [] }],
      totals: { all: 2610, yours: 50 },
      next: null,
    };
    expect(asOnTheWire(page)).toBe(page);
    expect(asOnTheWire('text')).toBe('text');
    expect(asOnTheWire(undefined)).toBeUndefined();
  });

  it('copies a value that holds one Date and leaves the original alone', () => {
    const at = new Date(Date.UTC(2026, 0, 2));
    const page = { memories: [{ id: 'm1' }, { id: 'm2', updatedAt: at }] };
    const wire = asOnTheWire(page);
    expect(wire).not.toBe(page);
    expect(wire).toStrictEqual({ memories: [{ id: 'm1' }, { id: 'm2', updatedAt: '2026-01-02T00:00:00.000Z' }] });
    expect(page.memories[1]!.updatedAt).toBe(at);
  });

  it('copies only the objects and arrays above a Date; the rest is handed over as it is', () => {
    const at = new Date(Date.UTC(2026, 0, 2));
    const plain = { id: 'm1', overrides: [{ scope: 'global', text: 'Tea' }] };
    const dated = { id: 'm2', updatedAt: at, overrides: [{ scope: 'global', text: 'Coffee' }] };
    const page = { memories: [plain, dated], totals: { all: 2, yours: 1 } };
    const wire = asOnTheWire(page);
    expect(wire.memories).not.toBe(page.memories);
    expect(wire.memories[1]).not.toBe(dated);
    expect(wire.memories[0]).toBe(plain);
    expect(wire.memories[1]!.overrides).toBe(dated.overrides);
    expect(wire.totals).toBe(page.totals);
    expect(dated.updatedAt).toBe(at);
  });

  it('takes no JSON round trip for dates and undefined, the shapes of My memories’ answers', () => {
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      const list = { pages: [{ memories: [{ id: 'm1', updatedAt: new Date(0), threadId: undefined }] }], pageParams: [undefined] };
      expect(asOnTheWire(list)).toStrictEqual({
        pages: [{ memories: [{ id: 'm1', updatedAt: '1970-01-01T00:00:00.000Z' }] }],
        pageParams: [null],
      });
      expect(stringify).not.toHaveBeenCalled();
    } finally {
      stringify.mockRestore();
    }
  });

  it('leaves out a property that is undefined in the copy only', () => {
    const entry = { key: 'tea', threadId: undefined, scopes: ['global', undefined] };
    const wire = asOnTheWire(entry);
    expect(Object.keys(wire)).toEqual(['key', 'scopes']);
    expect(wire.scopes).toEqual(['global', null]);
    expect(Object.keys(entry)).toEqual(['key', 'threadId', 'scopes']);
    expect(entry.scopes).toEqual(['global', undefined]);
  });
});
