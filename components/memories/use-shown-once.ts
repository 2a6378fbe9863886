'use client';
import { useState } from 'react';

/**
 * True from the first render where `show` is: what loads its code on request (a dialog, a panel)
 * stays mounted for the rest of the visit, so it can close and give focus back as it should.
 */
export function useShownOnce(show: boolean): boolean {
  const [shown, setShown] = useState(false);
  if (show && !shown) setShown(true);
  return show || shown;
}
