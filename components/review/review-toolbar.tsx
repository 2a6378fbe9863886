'use client';
// Search, filters and sort of the review queue; every choice goes to the URL. Published and
// dismissed keys are the queue's tabs (review-tabs.tsx).
import { useId, type ReactNode } from 'react';
import { DebouncedTextInput } from './debounced-text-input';
import type { ReviewFilters } from './review-filters';

const selectClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100';

function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-xs font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={selectClass}>
        {children}
      </select>
    </div>
  );
}

export function ReviewToolbar({ filters, onChange }: { filters: ReviewFilters; onChange: (next: Partial<ReviewFilters>) => void }) {
  return (
    <div role="search" aria-label="Filter the review queue" className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <DebouncedTextInput
          type="search"
          label="Search keys and wordings"
          value={filters.q}
          onChange={(q) => onChange({ q })}
          placeholder="e.g. meeting, report, time"
          maxLength={200}
        />
        <DebouncedTextInput
          label="Key starts with"
          value={filters.prefix}
          onChange={(prefix) => onChange({ prefix })}
          placeholder="e.g. report-"
          maxLength={64}
        />
      </div>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3">
        <Select label="Last changed" value={filters.age} onChange={(age) => onChange({ age: age as ReviewFilters['age'] })}>
          <option value="">Any time</option>
          <option value="7d">In the last 7 days</option>
          <option value="30d">In the last 30 days</option>
          <option value="90d">In the last 90 days</option>
          <option value="365d">In the last year</option>
        </Select>
        <Select label="Shared by at least" value={filters.min} onChange={(min) => onChange({ min })}>
          <option value="1">Any number of people (one person’s keys too)</option>
          {[...new Set(['2', '3', '5', '10', '50', '100', ...(filters.min !== '1' ? [filters.min] : [])])].map((n) => (
            <option key={n} value={n}>
              {n} people
            </option>
          ))}
        </Select>
        <Select label="Sort by" value={filters.sort} onChange={(sort) => onChange({ sort: sort as ReviewFilters['sort'] })}>
          <option value="people">Most people first</option>
          <option value="newest">Most recently changed</option>
          <option value="relevance">Best match to the search</option>
        </Select>
      </div>
    </div>
  );
}
