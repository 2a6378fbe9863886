// What a search box shows when its owner's value (the URL) changes. The box sends what is typed a
// moment after typing stops; the URL then changes, and the page renders again with the new value.
// That new value can arrive after the person has typed on (or cleared the box): it is our own
// earlier value coming back, and it must not overwrite what they typed since. Any other change of
// the owner's value (the back button, a link, "clear filters") is shown in the box.

export interface DraftState {
  /** What the box holds. */
  draft: string;
  /** The owner's value the box last saw. */
  shown: string;
  /** The value the box last sent and has not yet seen come back, if any. */
  sent: string | null;
}

export const draftOf = (value: string): DraftState => ({ draft: value, shown: value, sent: null });

/** The state after the owner's value became `value`. */
export function afterOwnerValue(state: DraftState, value: string): DraftState {
  if (value === state.shown) return state;
  if (value === state.sent) return { draft: state.draft, shown: value, sent: null };
  return draftOf(value);
}

/** The state after the box sent `value` to its owner. */
export const afterSend = (state: DraftState, value: string): DraftState => ({ ...state, draft: value, sent: value });
