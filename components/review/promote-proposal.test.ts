import { describe, expect, it } from 'vitest';
import { changedProperties, defaultSourceIds, proposedText, seededSettings } from './promote-proposal';

describe('seededSettings', () => {
  it.each([
    ['an always-on fact', { pinned: true }, { pinned: true }],
    ['a fact used when relevant', { pinned: false }, { pinned: false }],
    ['no fact', null, { pinned: false }],
  ])('a place holding %s starts the dialog from its settings', (_, current, expected) => {
    expect(seededSettings(current)).toEqual(expected);
  });
});

describe('changedProperties', () => {
  it.each([
    [{ text: 'A.', pinned: true }, { text: 'A.', pinned: true }, []],
    [{ text: 'A.', pinned: true }, { text: ' A. ', pinned: true }, []],
    [{ text: 'A.', pinned: true }, { text: 'B.', pinned: true }, ['text']],
    [{ text: 'A.', pinned: true }, { text: 'A.', pinned: false }, ['pinned']],
    [{ text: 'A.', pinned: false }, { text: 'B.', pinned: true }, ['text', 'pinned']],
  ])('%j replaced by %j changes %j', (current, proposed, expected) => {
    expect(changedProperties(current, proposed)).toEqual(expected);
  });
});

describe('the proposal', () => {
  it('proposes the most-held wording and the conclusions worded like it', () => {
    const group = { key: 'k', tenantRef: 't', clusters: [{ representative: 'A.', texts: [{ text: 'A.' }, { text: 'A!' }] }] };
    const sources = [
      { id: '1', text: 'A.' },
      { id: '2', text: 'B.' },
      { id: '3', text: 'A!' },
    ];
    expect(proposedText(group, sources)).toBe('A.');
    expect(defaultSourceIds(group, sources, 'A.')).toEqual(['1', '3']);
  });
});
