'use client';
// Moves focus to an element once React has committed the render that shows it. Focusing right
// after a state change (or in the next animation frame) can run before React commits that change,
// when the element is not on the page yet or is about to be replaced, and the focus is lost.
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

export function useFocusAfterRender(): (target: RefObject<HTMLElement | null>) => void {
  const pending = useRef<RefObject<HTMLElement | null> | null>(null);
  const [, setRequest] = useState(0);
  // After every commit of the owner: focus the requested element if it is on the page by now.
  useEffect(() => {
    const element = pending.current?.current;
    if (!element) return;
    pending.current = null;
    element.focus();
  });
  return useCallback((target) => {
    pending.current = target;
    // A render of the owner, batched with the state changes that show the element.
    setRequest((count) => count + 1);
  }, []);
}
