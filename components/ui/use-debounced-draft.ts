'use client';
// A text box's draft that reaches its owner a moment after typing stops, and follows the owner's
// value when it changes from elsewhere (debounced-draft.ts says when it does not).
import { useCallback, useEffect, useRef, useState } from 'react';
import { afterOwnerValue, afterSend, draftOf } from './debounced-draft';

const TYPING_DELAY_MS = 300;

export function useDebouncedDraft(value: string, onChange: (value: string) => void) {
  const [state, setState] = useState(() => draftOf(value));
  let current = state;
  if (value !== state.shown) {
    current = afterOwnerValue(state, value);
    setState(current);
  }
  const { draft } = current;

  // The owner's latest callback, so that a new one on every render (an inline arrow) neither
  // restarts the wait nor sends through an outdated one.
  const owner = useRef(onChange);
  useEffect(() => {
    owner.current = onChange;
  });
  const send = useCallback((next: string) => {
    setState((previous) => afterSend(previous, next));
    owner.current(next);
  }, []);
  const setDraft = useCallback((next: string) => setState((previous) => ({ ...previous, draft: next })), []);

  useEffect(() => {
    if (draft === value) return;
    const timer = setTimeout(() => send(draft), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, value, send]);

  /** Whether typed words are still waiting to reach the owner. */
  const typing = draft !== value;
  return { draft, setDraft, send, typing };
}
