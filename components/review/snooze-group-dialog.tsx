'use client';
// "Snooze until…": hides a key from To review until a chosen time — tomorrow, in a week, in a month
// or a date — or until a newer conclusion for it arrives, whichever comes first.
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { ReviewGroup } from '@/components/trpc/outputs';
import { SNOOZE_PRESETS, snoozeUntilOf, snoozeUntilProblem, type SnoozePreset } from '@/server/domain';

type Choice = SnoozePreset | 'date';

/** The start of `date` (yyyy-mm-dd) in the browser's time zone. */
const startOfDay = (date: string) => new Date(`${date}T00:00`);
const dateInputValue = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

export function SnoozeGroupDialog({
  group,
  onConfirm,
  onCancel,
}: {
  group: ReviewGroup | null;
  onConfirm: (group: ReviewGroup, until: Date) => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      open={group !== null}
      onClose={onCancel}
      title={group ? `Snooze “${group.key}”` : ''}
      description={
        group ? (
          <p>
            It leaves To review for everyone administering this organisation and waits under Snoozed. It comes back by itself when the time
            is up, or sooner when the assistant concludes something new about it.
          </p>
        ) : null
      }
    >
      {/* Mounted per opening, so each starts from the first choice. */}
      {group ? <SnoozeForm key={`${group.tenantRef}/${group.key}`} group={group} onConfirm={onConfirm} onCancel={onCancel} /> : null}
    </Dialog>
  );
}

function SnoozeForm({
  group,
  onConfirm,
  onCancel,
}: {
  group: ReviewGroup;
  onConfirm: (group: ReviewGroup, until: Date) => void;
  onCancel: () => void;
}) {
  const [choice, setChoice] = useState<Choice>('1d');
  const [date, setDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const name = useId();
  const errorId = useId();
  const tomorrow = dateInputValue(snoozeUntilOf('1d', new Date()));

  const submit = () => {
    const now = new Date();
    if (choice !== 'date') return onConfirm(group, snoozeUntilOf(choice, now));
    if (!date) return setError('Choose the date it comes back on.');
    const until = startOfDay(date);
    const problem = snoozeUntilProblem(until, now);
    if (problem) return setError(problem.startsWith('until must be later') ? 'Choose a date after today.' : 'Choose a date within a year.');
    onConfirm(group, until);
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <fieldset>
        <legend className="text-sm font-medium">Bring it back</legend>
        <div className="mt-2 space-y-2">
          {SNOOZE_PRESETS.map((preset, index) => (
            <label key={preset.id} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={name}
                value={preset.id}
                checked={choice === preset.id}
                onChange={() => setChoice(preset.id)}
                autoFocus={index === 0}
                className="size-4 accent-indigo-600"
              />
              {preset.label}
            </label>
          ))}
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value="date"
              checked={choice === 'date'}
              onChange={() => setChoice('date')}
              className="size-4 accent-indigo-600"
            />
            On a date
          </label>
          {choice === 'date' ? (
            <div className="pl-6">
              <label className="block text-sm" htmlFor={`${name}-date`}>
                Date it comes back
              </label>
              <input
                id={`${name}-date`}
                type="date"
                min={tomorrow}
                value={date}
                onChange={(event) => {
                  setDate(event.target.value);
                  setError(null);
                }}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                className="mt-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
              />
            </div>
          ) : null}
          {error ? (
            <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-300">
              {error}
            </p>
          ) : null}
        </div>
      </fieldset>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Keep it in To review
        </Button>
        <Button type="submit">Snooze</Button>
      </div>
    </form>
  );
}
