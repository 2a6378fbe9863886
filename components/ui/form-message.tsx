// The outcome of a form's action, announced and focusable: an error is an alert, success a polite
// announcement. The owner moves focus here once the message is on screen.
import type { Ref } from 'react';

export interface FormMessageValue {
  tone: 'ok' | 'error';
  text: string;
}

export function FormMessage({ message, ref }: { message: FormMessageValue | null; ref?: Ref<HTMLParagraphElement> }) {
  return (
    <div aria-live="polite">
      {message ? (
        <p
          ref={ref}
          tabIndex={-1}
          role={message.tone === 'error' ? 'alert' : undefined}
          className={message.tone === 'error' ? 'text-sm font-medium text-red-700 dark:text-red-400' : 'text-sm text-emerald-800 dark:text-emerald-300'}
        >
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
