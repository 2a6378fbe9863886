'use client';
// The outcome of a form's action, announced and focusable: an error is an alert, success a polite
// announcement. Each new message takes the focus once React has put it on the page, so a keyboard
// or screen-reader user lands on what their action answered.
import { useEffect, useRef } from 'react';

export interface FormMessageValue {
  tone: 'ok' | 'error';
  text: string;
}

export function FormMessage({ message }: { message: FormMessageValue | null }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  return (
    <div aria-live="polite">
      {message ? (
        <p
          ref={ref}
          tabIndex={-1}
          role={message.tone === 'error' ? 'alert' : undefined}
          className={
            message.tone === 'error'
              ? 'text-sm font-medium text-red-700 dark:text-red-400'
              : 'text-sm text-emerald-800 dark:text-emerald-300'
          }
        >
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
