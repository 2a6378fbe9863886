import { describe, expect, it } from 'vitest';
import { BLOCK_PREAMBLE, CONCLUDED_HEADING, PARTIAL_NOTICE, STATED_HEADING, renderBlock } from './render-block';
import { U1_SCOPES, record, resolved } from './test-fixtures';
import type { ResolvedEntry, Selection } from './types';

function selectionOf(entries: ResolvedEntry[], partial = false): Selection {
  return {
    entries,
    partial,
    digest: { scopes: U1_SCOPES, offered: entries.length, omitted: 0, pinnedOmitted: 0, recalled: 0, promptChars: 0 },
  };
}

const fiscalYear = [
  record({ key: 'fiscal-year', scope: 'global', text: 'the fiscal year starts in October', author: 'human' }),
  record({ key: 'fiscal-year', scope: 'actor:u1', text: 'they report on the calendar year', author: 'agent' }),
];
const units = record({ key: 'units', scope: 'global', text: 'report distances in kilometres', author: 'human' });

describe('renderBlock', () => {
  it('renders the fiscal-year conflict exactly: people first, the assistant second, the beaten value underneath', () => {
    const block = renderBlock(selectionOf(resolved([...fiscalYear, units])));
    expect(block.text).toBe(
      [
        '<memory>',
        BLOCK_PREAMBLE,
        STATED_HEADING,
        '- [global] units: report distances in kilometres',
        CONCLUDED_HEADING,
        '- [actor:u1] fiscal-year: they report on the calendar year',
        '  ↳ instead of [global], where a person stated: the fiscal year starts in October',
        '</memory>',
      ].join('\n'),
    );
    expect(block.partial).toBe(false);
    expect(block.stated.map((l) => l.key)).toEqual(['units']);
    expect(block.concluded).toEqual([
      expect.objectContaining({
        scope: 'actor:u1',
        key: 'fiscal-year',
        text: 'they report on the calendar year',
        author: 'agent',
        line: '- [actor:u1] fiscal-year: they report on the calendar year',
        overrides: [
          {
            scope: 'global',
            text: 'the fiscal year starts in October',
            author: 'human',
            line: '↳ instead of [global], where a person stated: the fiscal year starts in October',
          },
        ],
      }),
    ]);
  });

  it('says a beaten value concluded by the assistant is another value held, not something a person stated', () => {
    const block = renderBlock(
      selectionOf(
        resolved([
          record({ key: 'k', scope: 'actor:u1', text: 'mine', author: 'human' }),
          record({ key: 'k', scope: 'depot:hh', text: 'depot guess', author: 'agent' }),
        ]),
      ),
    );
    expect(block.stated[0]?.overrides[0]?.line).toBe('↳ instead of [depot:hh], which holds another value: depot guess');
    expect(block.text).not.toContain('a person stated');
  });

  it.each([
    ['only people', 'human', [STATED_HEADING], [CONCLUDED_HEADING]],
    ['only the assistant', 'agent', [CONCLUDED_HEADING], [STATED_HEADING]],
  ] as const)('omits an empty section (%s)', (_name, author, present, absent) => {
    const block = renderBlock(selectionOf(resolved([record({ key: 'k', scope: 'global', author })])));
    for (const text of present) expect(block.text).toContain(text);
    for (const text of absent) expect(block.text).not.toContain(text);
  });

  it.each([
    [false, false],
    [true, true],
  ])('partial=%s carries the notice: %s', (partial, hasNotice) => {
    const block = renderBlock(selectionOf(resolved([units]), partial));
    expect(block.partial).toBe(partial);
    expect(block.text.includes(PARTIAL_NOTICE)).toBe(hasNotice);
  });

  it('the notice says other notes exist and that absence proves nothing', () => {
    expect(PARTIAL_NOTICE).toMatch(/more notes exist/i);
    expect(PARTIAL_NOTICE).toMatch(/proves nothing/i);
  });

  it('renders nothing for an empty, complete selection', () => {
    expect(renderBlock(selectionOf([]))).toEqual({ stated: [], concluded: [], partial: false, text: '' });
  });

  it('still tells the model that notes exist when a partial selection kept none', () => {
    const block = renderBlock(selectionOf([], true));
    expect(block.text).toBe(['<memory>', BLOCK_PREAMBLE, PARTIAL_NOTICE, '</memory>'].join('\n'));
  });

  it('orders lines by scope then key whatever order the entries arrive in', () => {
    const entries = resolved([
      record({ key: 'b', scope: 'global' }),
      record({ key: 'a', scope: 'global' }),
      record({ key: 'z', scope: 'actor:u1' }),
      record({ key: 'm', scope: 'depot:hh' }),
    ]);
    const forward = renderBlock(selectionOf(entries));
    const backward = renderBlock(selectionOf([...entries].reverse()));
    expect(forward.stated.map((l) => `${l.scope}/${l.key}`)).toEqual(['actor:u1/z', 'depot:hh/m', 'global/a', 'global/b']);
    expect(backward).toEqual(forward);
  });

  it('keeps every line in the plain text in the same order as the line data', () => {
    const block = renderBlock(selectionOf(resolved([...fiscalYear, units])));
    const lines = [...block.stated, ...block.concluded].flatMap((l) => [l.line, ...l.overrides.map((o) => `  ${o.line}`)]);
    const body = block.text.split('\n').filter((line) => line.startsWith('- ') || line.startsWith('  ↳'));
    expect(body).toEqual(lines);
  });
});
