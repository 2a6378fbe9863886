'use client';
// Light / dark / follow the system; remembered in this browser.
import { useEffect, useSyncExternalStore } from 'react';

type Theme = 'system' | 'light' | 'dark';
const ORDER: Theme[] = ['system', 'light', 'dark'];
const LABEL: Record<Theme, string> = { system: 'System theme', light: 'Light theme', dark: 'Dark theme' };
const ICON: Record<Theme, string> = { system: '◐', light: '☀', dark: '☾' };
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
  const theme = useSyncExternalStore(subscribe, readTheme, () => 'system' as const);
  // Also right after hydration: if React ever re-renders <html> on the client, the class the
  // pre-paint script set would be lost.
  useEffect(() => apply(theme), [theme]);
  const next = ORDER[(ORDER.indexOf(theme) + 1) % ORDER.length]!;
  return (
    <button
      type="button"
      onClick={() => {
        localStorage.setItem('theme', next);
        window.dispatchEvent(new Event(CHANGED));
      }}
      className="rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      aria-label={`${LABEL[theme]} (switch to ${LABEL[next].toLowerCase()})`}
      title={`${LABEL[theme]}: click for ${LABEL[next].toLowerCase()}`}
    >
      <span aria-hidden="true">{ICON[theme]}</span>
    </button>
  );
}
