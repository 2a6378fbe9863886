// The runtime list's elements: rows read as bytes however the chunks cut them, ids read back from
// each element's JSON, the short statement's pairs, and an answer made from a copy's elements and
// the records read again.
import { describe, expect, it } from 'vitest';
import {
  copiedElements,
  idOfElement,
  joinedElements,
  patchedElements,
  recordVersionsOf,
  rowElements,
  type ElementBatch,
  type Elements,
} from './record-elements';

const element = (id: string, text: string) => JSON.stringify({ id, key: `k-${id}`, text, scope: 'global' });
const ROWS = [
  { xmin: '101', json: element('mem_a', 'Plain.') },
  { xmin: '102', json: element('mem_"b"', 'Quoted "id".') },
  { xmin: '102', json: element('mem_c\\d', 'Back\\slash, ünïcode and a \n line feed.') },
  { xmin: '4294967295', json: element('mem_e', ',"key": inside a text') },
];

async function* chunksOf(bytes: Buffer, cuts: number[]): AsyncGenerator<Uint8Array> {
  let at = 0;
  for (const cut of [...cuts, bytes.length]) {
    yield bytes.subarray(at, cut);
    at = cut;
  }
}

async function all(batches: AsyncIterable<ElementBatch>): Promise<ElementBatch[]> {
  const out: ElementBatch[] = [];
  for await (const batch of batches) out.push(batch);
  return out;
}

const copied = Buffer.from(ROWS.map((row) => `${row.xmin}\u0002${row.json}\n`).join(''));

describe('copiedElements', () => {
  it('reads every row, whichever byte a chunk ends at, as the same elements, ids and versions', async () => {
    const expected = joinedElements(rowElements(ROWS));
    expect(JSON.parse(`[${expected.body.toString()}]`)).toEqual(ROWS.map((row) => JSON.parse(row.json)));
    expect(expected.ids).toEqual(['mem_a', 'mem_"b"', 'mem_c\\d', 'mem_e']);
    expect(expected.xmins).toEqual(['101', '102', '102', '4294967295']);
    for (let cut = 0; cut <= copied.length; cut += 1) {
      for (const second of [cut, Math.min(copied.length, cut + 7)]) {
        const batches = await all(copiedElements(chunksOf(copied, [cut, second])));
        // Each batch after the first begins with the comma that joins it to the one before.
        expect(Buffer.concat(batches.map((batch) => batch.bytes)).toString()).toBe(expected.body.toString());
        expect(joinedElements(batches)).toEqual(expected);
      }
    }
  });

  it('refuses a last row without its line feed, and a row without its JSON', async () => {
    await expect(all(copiedElements(chunksOf(copied.subarray(0, copied.length - 1), [])))).rejects.toThrow(/line feed/);
    await expect(all(copiedElements(chunksOf(Buffer.from('101\n'), [])))).rejects.toThrow(/no JSON/);
  });

  it('reads no row as no element', async () => {
    expect(await all(copiedElements(chunksOf(Buffer.alloc(0), [])))).toEqual([]);
    expect(joinedElements([])).toEqual({ body: Buffer.alloc(0), ids: [], xmins: [], starts: Uint32Array.from([1]) });
  });
});

describe('idOfElement', () => {
  it('reads the id, escaped or not, and refuses JSON that does not begin with one', () => {
    for (const id of ['mem_1', 'a"b', 'c\\d', 'ü\u001fx', '']) expect(idOfElement(Buffer.from(element(id, 't')), 0)).toBe(id);
    expect(() => idOfElement(Buffer.from('{"key":"k"}'), 0)).toThrow(/id and key/);
  });
});

describe('recordVersionsOf', () => {
  it('reads the pairs in order, and nothing when an id holds the separator', () => {
    expect(recordVersionsOf({ records: '7\u001fmem_a\u001f8\u001fmem b', count: 2 })).toEqual({
      ids: ['mem_a', 'mem b'],
      xmins: ['7', '8'],
    });
    expect(recordVersionsOf({ records: '', count: 0 })).toEqual({ ids: [], xmins: [] });
    expect(recordVersionsOf({ records: '7\u001fmem\u001fa', count: 1 })).toBeUndefined();
  });
});

describe('patchedElements', () => {
  const base: Elements = joinedElements([
    {
      bytes: Buffer.from(['{"id":"a"}', '{"id":"bb"}', '{"id":"c"}', '{"id":"d"}'].join(',')),
      ids: ['a', 'bb', 'c', 'd'],
      xmins: ['1', '1', '2', '3'],
      starts: [0, 11, 23, 34],
    },
  ]);
  const positions = new Map(base.ids.map((id, j) => [id, j]));
  const patch = (ids: string[], xmins: string[], fetched: Record<string, string> = {}) =>
    patchedElements(base, positions, { ids, xmins }, new Map(Object.entries(fetched).map(([id, json]) => [id, Buffer.from(json)])));

  it('takes unchanged elements from the copy and the changed ones read again, in the order asked', () => {
    const made = patch(['a', 'bb', 'new', 'c', 'd'], ['1', '9', '5', '2', '3'], { bb: '{"id":"bb","v":2}', new: '{"id":"new"}' });
    expect(made.body.toString()).toBe('{"id":"a"},{"id":"bb","v":2},{"id":"new"},{"id":"c"},{"id":"d"}');
    // Each start points at its element, and the last is one past the end, as in a copy read whole.
    expect([...made.starts]).toEqual([0, 11, 29, 42, 53, 64]);
    expect(made).toEqual(joinedElements([{ bytes: made.body, ids: made.ids, xmins: made.xmins, starts: [0, 11, 29, 42, 53] }]));
  });

  it('leaves out records gone and follows a new order', () => {
    expect(patch(['d', 'a'], ['3', '1']).body.toString()).toBe('{"id":"d"},{"id":"a"}');
    expect(patch([], []).body.toString()).toBe('');
  });

  it('never takes an element for another version of its record', () => {
    expect(() => patch(['a'], ['2'])).toThrow(/neither kept nor read/);
  });
});
