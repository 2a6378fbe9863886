// Plain words for an alert's state and history steps.
import type { BadgeTone } from '@/components/ui/badge';

export const ALERT_STATE_LABELS: Record<string, { label: string; tone: BadgeTone }> = {
  open: { label: 'Open', tone: 'amber' },
  acknowledged: { label: 'Acknowledged', tone: 'sky' },
  resolved: { label: 'Resolved', tone: 'emerald' },
};

export const ALERT_STEP_LABELS: Record<string, string> = {
  opened: 'Opened: a turn left out always-on facts',
  updated: 'More turns left out always-on facts',
  acknowledged: 'Acknowledged',
  handed_off: 'Handed to the administrators',
  resolved: 'Resolved',
  auto_resolved: 'Resolved automatically after a quiet period',
};

function counted(count: number, noun: string): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? noun : `${noun}s`}`;
}

/** "1 turn", "85 turns". */
export const turnsCount = (count: number) => counted(count, 'turn');

/** "1 always-on fact", "2 always-on facts". */
export const alwaysOnFactsCount = (count: number) => counted(count, 'always-on fact');
