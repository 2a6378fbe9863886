'use client';
// Light / dark / follow the system; remembered in this browser.
import { useEffect, useState } from 'react';

type Theme = 'system' | 'light' | 'dark';
const ORDER: Theme[] = ['system', 'light', 'dark'];
const LABEL: Record<Theme, string> = { system: 'System theme', light: 'Light theme', dark: 'Dark theme' };
const ICON: Record<Theme, string> = { system: '◐', light: '☀', dark: '☾' };

function apply(theme: Theme) {
  const dark = theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
}

export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>('system');
  useEffect(() => {
    const stored = localStorage.getItem('theme');
    if (stored === 'light' || stored === 'dark') setTheme(stored);
    // Again after hydration: if React ever re-renders <html> on the client, the class the
    // pre-paint script set would be lost.
    apply(stored === 'light' || stored === 'dark' ? stored : 'system');
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const follow = () => apply((localStorage.getItem('theme') as Theme | null) ?? 'system');
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, []);
  const next = ORDER[(ORDER.indexOf(theme) + 1) % ORDER.length]!;
  return (
    <button
      type="button"
      onClick={() => {
        localStorage.setItem('theme', next);
        setTheme(next);
        apply(next);
      }}
      className="rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      aria-label={`${LABEL[theme]} (switch to ${LABEL[next].toLowerCase()})`}
      title={`${LABEL[theme]}: click for ${LABEL[next].toLowerCase()}`}
    >
      <span aria-hidden="true">{ICON[theme]}</span>
    </button>
  );
}
