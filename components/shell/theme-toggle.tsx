'use client';
// The theme: follow the system, light or dark; a labelled choice, remembered in this browser.
import { useEffect, useId, useSyncExternalStore } from 'react';

type Theme = 'system' | 'light' | 'dark';
const CHOICES: { value: Theme; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];
const CHANGED = 'memory-console:theme';

function readTheme(): Theme {
  const stored = localStorage.getItem('theme');
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

function subscribe(onChange: () => void) {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  // The stored choice stays 'system' when the system flips, so re-apply here rather than wait for a render.
  const followSystem = () => apply(readTheme());
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGED, onChange);
  media.addEventListener('change', followSystem);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGED, onChange);
    media.removeEventListener('change', followSystem);
  };
}

function apply(theme: Theme) {
  const dark = theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
}

export function ThemeToggle() {
  const id = useId();
  const theme = useSyncExternalStore(subscribe, readTheme, () => 'system' as const);
  // Also right after hydration: if React ever re-renders <html> on the client, the class the
  // pre-paint script set would be lost.
  useEffect(() => apply(theme), [theme]);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-slate-700 dark:text-slate-300">
        Theme
      </label>
      <select
        id={id}
        value={theme}
        onChange={(event) => {
          localStorage.setItem('theme', event.target.value);
          window.dispatchEvent(new Event(CHANGED));
        }}
        className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
      >
        {CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
