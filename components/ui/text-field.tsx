// A labelled one-line input with its hint and its error, wired for screen readers: the hint and
// the error are the input's description, and an error marks it invalid.
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cn } from './cn';

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:border-indigo-500 aria-[invalid=true]:border-red-500 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400 dark:aria-[invalid=true]:border-red-400';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the input; `tone: 'error'` when the hint itself warns (e.g. a counter over its limit). */
  hint?: { content: ReactNode; tone?: 'muted' | 'error' };
  /** Messages from validation; each names the limit it broke. */
  errors?: string[];
  inputRef?: Ref<HTMLInputElement>;
  /** The error line, focusable, for a form that moves focus to the error (e.g. after a wrong password). */
  errorRef?: Ref<HTMLParagraphElement>;
  mono?: boolean;
}

export function TextField({ label, hint, errors, inputRef, errorRef, mono = false, className = '', ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [hint ? hintId : null, errors?.length ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={described}
        className={cn(inputClass, mono && 'font-mono')}
        {...input}
      />
      {hint ? (
        <p
          id={hintId}
          className={cn(
            'mt-1 text-xs tabular-nums',
            hint.tone === 'error' ? 'font-medium text-red-700 dark:text-red-400' : 'text-slate-600 dark:text-slate-400',
          )}
        >
          {hint.content}
        </p>
      ) : null}
      {errors?.length ? (
        <p
          id={errorId}
          ref={errorRef}
          tabIndex={errorRef ? -1 : undefined}
          className="mt-1 rounded-sm text-xs font-medium text-red-700 focus:outline-2 focus:outline-offset-2 focus:outline-red-500 dark:text-red-400"
        >
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  );
}
