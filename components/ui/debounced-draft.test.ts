import { describe, expect, it } from 'vitest';
import { afterOwnerValue, afterSend, draftOf, type DraftState } from './debounced-draft';

const typed = (state: DraftState, draft: string): DraftState => ({ ...state, draft });

describe('a search box whose words reach the URL a moment after typing stops', () => {
  it('keeps what was typed after sending when the sent words come back late', () => {
    // "jkxpd" is sent; before the URL's new value reaches the page, the box is cleared.
    let state = afterSend(typed(draftOf(''), 'jkxpd'), 'jkxpd');
    state = typed(state, '');
    state = afterOwnerValue(state, 'jkxpd');
    expect(state.draft).toBe('');
    expect(state.shown).toBe('jkxpd');
    // The box still differs from the URL, so the cleared box is sent next.
    state = afterOwnerValue(afterSend(state, ''), '');
    expect(state).toEqual(draftOf(''));
  });

  it('keeps words typed on after sending', () => {
    let state = afterSend(typed(draftOf(''), 'meet'), 'meet');
    state = typed(state, 'meeting');
    expect(afterOwnerValue(state, 'meet').draft).toBe('meeting');
  });

  it('shows a value that comes from elsewhere: the back button, a link, "clear filters"', () => {
    const sent = afterSend(typed(draftOf('report'), 'rep'), 'rep');
    expect(afterOwnerValue(typed(sent, 're'), '')).toEqual(draftOf(''));
    expect(afterOwnerValue(typed(draftOf('report'), 'rep'), 'dock')).toEqual(draftOf('dock'));
  });

  it('takes the back button to words it once sent as coming from elsewhere', () => {
    // "a" was sent and came back; the box was cleared, and the back button returns to "a".
    let state = afterOwnerValue(afterSend(typed(draftOf(''), 'a'), 'a'), 'a');
    state = afterOwnerValue(afterSend(typed(state, ''), ''), '');
    expect(afterOwnerValue(state, 'a')).toEqual(draftOf('a'));
  });

  it('changes nothing when the value is the one it already shows', () => {
    const state = typed(draftOf('dock'), 'docks');
    expect(afterOwnerValue(state, 'dock')).toBe(state);
  });
});
