'use client';
// A one-time sign-in link just made (an invite or a password reset): shown once, with a copy
// button.
import { ShownOncePanel } from '@/components/ui/shown-once-panel';

export interface ShownLink {
  /** The path the server answered (`/welcome/…`); the page adds its own origin. */
  path: string;
  expiresAt: string;
  heading: string;
}

export function LinkPanel({ link, onDone }: { link: ShownLink; onDone: () => void }) {
  const url = typeof window === 'undefined' ? link.path : `${window.location.origin}${link.path}`;
  const expires = new Date(link.expiresAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <ShownOncePanel
      headingId="link-heading"
      heading={link.heading}
      focusKey={link.path}
      noun="link"
      field={{ id: 'sign-in-link', label: 'One-time link', value: url }}
      doneLabel="Done"
      onDone={onDone}
    >
      Copy this link and give it to the person. It works once, until {expires}. It will not be shown again.
    </ShownOncePanel>
  );
}
