import { exportLabels } from './export-file';
import { describe, expect, it } from 'vitest';
import { validateFact } from '@/server/domain';
import {
  alwaysOnExplanation,
  authorshipWords,
  conflictWords,
  estimatedRowHeight,
  factErrorSentence,
  overriddenSharedValue,
  quoteOf,
  rowsInServerHtml,
  SERVER_ROWS_HEIGHT_PX,
  SERVER_ROWS_MAX,
  scopeBadge,
  statusWords,
  valueOf,
} from './memory-wording';
import { personScopeLabels } from '@/components/admin-preview/person-scope-labels';

const everyone = { audience: 'everyone', kind: 'global' } as const;
const organisation = { audience: 'organisation', kind: 'tenant' } as const;
const depot = { audience: 'custom', kind: 'depot', label: 'Hamburg depot' } as const;
const mine = { audience: 'mine', kind: 'actor' } as const;

describe('whose scope and who said it', () => {
  it('names a custom scope by its label, and by its kind only when there is none', () => {
    expect(scopeBadge(depot).label).toBe('Hamburg depot');
    expect(scopeBadge({ audience: 'custom', kind: 'team' }).label).toBe('Team');
    expect(scopeBadge(mine).label).toBe('Just you');
    expect(scopeBadge(organisation).label).toBe('Your organisation');
  });

  it('names the person on someone else’s memories (an administrator’s Member preview), never “you”', () => {
    const words = personScopeLabels({ name: 'Hana Hoffmann', ownScope: 'actor:h1', organisationScope: 'tenant:hamburg' });
    expect(words).toEqual({ 'actor:h1': 'Only Hana Hoffmann', 'tenant:hamburg': 'Hana Hoffmann’s organisation' });
    expect(scopeBadge({ ...mine, label: words['actor:h1'] }).label).toBe('Only Hana Hoffmann');
    expect(scopeBadge({ ...organisation, label: words['tenant:hamburg'] }).label).toBe('Hana Hoffmann’s organisation');
    expect(scopeBadge({ ...depot }).label).toBe('Hamburg depot');
    expect(scopeBadge({ ...everyone }).label).toBe('Everyone');
    expect(valueOf(depot)).toBe('the Hamburg depot value');
  });

  it('never calls the assistant’s guess about a person theirs', () => {
    expect(authorshipWords('agent', mine)).toBe('The assistant’s guess');
    expect(authorshipWords('human', mine)).toBe('You said this');
    expect(authorshipWords('human', mine, true)).toBe('You confirmed the assistant’s guess');
    expect(authorshipWords('human', everyone)).toBe('Set by an administrator');
  });
});

describe('the status of a row', () => {
  it('says what the next conversation does, with the organisation’s limit and what an administrator can do', () => {
    expect(statusWords('carried', 5).label).toBe('Used in your next conversation');
    // The limit in the console's one word for it (components/words.ts), as Settings names it.
    expect(statusWords('leftOut', 5).detail).toContain('limit of 5 memories per turn;');
    expect(statusWords('leftOut', 1).detail).toContain('limit of 1 memory per turn;');
    const warning = statusWords('alwaysOnLeftOut', 5);
    expect(warning.detail).toContain('limit of 5 memories per turn is taken');
    expect(warning.tone).toBe('warning');
    expect(warning.detail).toContain('An administrator can raise the limit');
  });

  it('lets the always-on tooltip say only what is true for the row', () => {
    expect(alwaysOnExplanation('alwaysOnLeftOut')).toContain('left out');
    expect(alwaysOnExplanation('carried')).toContain('It is used in your next conversation.');
    expect(alwaysOnExplanation()).not.toMatch(/left out|is used/);
  });
});

describe('conflicts', () => {
  const row = (author: 'human' | 'agent', overrides: { audience: 'everyone' | 'organisation' | 'custom' | 'mine' | 'personal' }[]) => ({
    mine: true,
    author,
    overrides,
  });

  it('is a guess at the person’s scope over a shared value', () => {
    expect(overriddenSharedValue(row('agent', [{ audience: 'everyone' }]))).toEqual({ audience: 'everyone' });
    expect(overriddenSharedValue(row('human', [{ audience: 'everyone' }]))).toBeNull();
    expect(overriddenSharedValue(row('agent', []))).toBeNull();
    expect(overriddenSharedValue({ ...row('agent', [{ audience: 'everyone' }]), mine: false })).toBeNull();
  });

  it('names the way out after whose value it is', () => {
    expect(conflictWords(organisation).useTheirsLabel).toBe('Use the organisation’s value');
    expect(conflictWords(everyone).useTheirsLabel).toBe('Use everyone’s value');
    expect(conflictWords(everyone).summary).toContain('replaces the value for everyone');
  });
});

describe('form errors as sentences', () => {
  it('words the domain’s refusals, with the limit and the length', () => {
    const verdict = validateFact({ key: 'k', text: 'x'.repeat(354) }, { maxFactChars: 240 });
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    expect(verdict.errors.map(factErrorSentence)).toEqual(['Keep it under 240 characters — this one has 354.']);
  });

  it('turns an unknown server message into a sentence', () => {
    expect(factErrorSentence({ field: 'text', message: 'text is far too long' })).toBe('Text is far too long.');
  });
});

describe('the export’s labels', () => {
  it('are the page’s words', () => {
    expect(exportLabels({ ...mine, author: 'agent', status: 'alwaysOnLeftOut', alwaysOn: true }, 5)).toEqual({
      appliesTo: 'Just you',
      saidBy: 'The assistant’s guess',
      nextConversation: 'Always on, but left out',
      alwaysOn: true,
    });
  });
});

describe('quoteOf', () => {
  it('quotes a memory by its words, whole up to 60 characters', () => {
    expect(quoteOf('Answer me in English.')).toBe('“Answer me in English.”');
    expect(quoteOf('x'.repeat(60))).toBe(`“${'x'.repeat(60)}”`);
  });

  it('shortens longer words to 57 characters and an ellipsis, without a trailing space', () => {
    const long = `${'a'.repeat(56)} ${'b'.repeat(20)}`;
    expect(quoteOf(long)).toBe(`“${'a'.repeat(56)}…”`);
    expect(quoteOf('y'.repeat(61))).toBe(`“${'y'.repeat(57)}…”`);
  });
});

type Row = Parameters<typeof estimatedRowHeight>[0];

const plain: Row = { mine: true, author: 'human', overrides: [], status: 'carried' };
const organisationValue = {
  scope: 'tenant:berlin',
  text: 'Berlin office rule',
  author: 'human',
  audience: 'organisation',
  scopeLabel: null,
} as const;
const everyoneValue = { ...organisationValue, scope: 'global', audience: 'everyone' } as const;
// The assistant's guess that overrides the organisation's value: the row asks the person to decide.
const decision: Row = { mine: true, author: 'agent', overrides: [organisationValue], status: 'carried' };
// The person's own statement over the organisation's value: listed under the row, nothing to decide.
const statedOver: Row = { mine: true, author: 'human', overrides: [organisationValue], status: 'carried' };

const rows = (row: Row, count: number) => Array.from({ length: count }, () => row);
const heightOf = (list: Row[]) => list.reduce((sum, row) => sum + estimatedRowHeight(row), 0);

describe('the rows the server writes into My memories', () => {
  it('writes at most twelve one-line rows, however short they are', () => {
    expect(rowsInServerHtml(rows(plain, 50))).toBe(SERVER_ROWS_MAX);
    expect(heightOf(rows(plain, SERVER_ROWS_MAX))).toBeLessThan(SERVER_ROWS_HEIGHT_PX);
  });

  it('writes every row of a shorter list', () => {
    expect(rowsInServerHtml(rows(decision, 3))).toBe(3);
    expect(rowsInServerHtml([])).toBe(0);
  });

  it('stops once the rows cover a large screen, so tall rows that ask for a decision are fewer', () => {
    const written = rowsInServerHtml(rows(decision, 50));
    expect(written).toBeLessThan(SERVER_ROWS_MAX);
    const list = rows(decision, written);
    // Enough to cover the height, and one row fewer would not.
    expect(heightOf(list)).toBeGreaterThanOrEqual(SERVER_ROWS_HEIGHT_PX);
    expect(heightOf(list.slice(1))).toBeLessThan(SERVER_ROWS_HEIGHT_PX);
  });

  it('counts what a row shows: a decision, each overridden value and a status line each make it taller', () => {
    expect(estimatedRowHeight(decision)).toBeGreaterThan(estimatedRowHeight(statedOver));
    expect(estimatedRowHeight(statedOver)).toBeGreaterThan(estimatedRowHeight(plain));
    expect(
      estimatedRowHeight({
        ...statedOver,
        overrides: [organisationValue, everyoneValue],
      }),
    ).toBeGreaterThan(estimatedRowHeight(statedOver));
    expect(estimatedRowHeight({ ...plain, status: 'leftOut' })).toBeGreaterThan(estimatedRowHeight(plain));
    // Someone else's guess (an administrator's view) asks the reader for nothing.
    expect(estimatedRowHeight({ ...decision, mine: false })).toBe(estimatedRowHeight({ ...statedOver, mine: false }));
  });

  it('mixes short and tall rows by their height, not their number', () => {
    // Five rows with a decision reach about 1,000 px; one-line rows fill the rest of the height.
    const mixed = [...rows(decision, 5), ...rows(plain, 45)];
    const written = rowsInServerHtml(mixed);
    expect(written).toBeGreaterThan(5);
    expect(written).toBeLessThan(SERVER_ROWS_MAX);
    expect(heightOf(mixed.slice(0, written))).toBeGreaterThanOrEqual(SERVER_ROWS_HEIGHT_PX);
    expect(heightOf(mixed.slice(0, written - 1))).toBeLessThan(SERVER_ROWS_HEIGHT_PX);
  });
});
