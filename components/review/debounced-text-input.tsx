'use client';
// A labelled text box whose value reaches its owner a moment after typing stops (or on Enter); when
// the owner's value changes from elsewhere (back button, "clear filters") the box shows it.
import { useId } from 'react';
import { useDebouncedDraft } from '@/components/ui/use-debounced-draft';

export function DebouncedTextInput({
  label,
  value,
  onChange,
  placeholder,
  type = 'text',
  maxLength,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  type?: 'text' | 'search';
  maxLength?: number;
}) {
  const id = useId();
  const { draft, setDraft, send } = useDebouncedDraft(value, onChange);

  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-xs font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <input
        id={id}
        type={type}
        value={draft}
        maxLength={maxLength}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') send(draft);
        }}
        placeholder={placeholder}
        autoComplete="off"
        className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400"
      />
    </div>
  );
}
