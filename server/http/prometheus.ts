// The Prometheus text exposition (format 0.0.4) of the metric totals (docs/operations.md
// "Prometheus metrics").
import { PROMPT_CHARS_BUCKETS } from '../domain';
import type { MetricTotals } from '../services/diagnostics/read-metric-totals';

type Labels = Record<string, string>;
type Sample = { labels: Labels; value: string; suffix?: string };

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

function family(name: string, type: 'counter' | 'gauge' | 'histogram', help: string, samples: Sample[]): string[] {
  const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`];
  for (const { labels, value, suffix = '' } of samples) {
    const rendered = Object.entries(labels)
      .map(([label, text]) => `${label}="${escapeLabel(text)}"`)
      .join(',');
    lines.push(`${name}${suffix}{${rendered}} ${value}`);
  }
  return lines;
}

function promptCharsSamples(totals: MetricTotals): Sample[] {
  return totals.turns.flatMap((row) => {
    const tenant = row.tenantRef;
    let cumulative = 0n;
    const bounds = [...PROMPT_CHARS_BUCKETS.map(String), '+Inf'];
    const buckets = bounds.map((le, index) => {
      cumulative += BigInt(row.buckets[index] ?? '0');
      return { labels: { tenant, le }, value: cumulative.toString(), suffix: '_bucket' };
    });
    return [
      ...buckets,
      { labels: { tenant }, value: row.promptChars, suffix: '_sum' },
      { labels: { tenant }, value: cumulative.toString(), suffix: '_count' },
    ];
  });
}

export function renderPrometheus(totals: MetricTotals): string {
  const perTenant = (field: 'turns' | 'offered' | 'omitted' | 'pinnedOmitted' | 'recalled' | 'turnsRecalled') =>
    totals.turns.map((row) => ({ labels: { tenant: row.tenantRef }, value: row[field] }));
  const writtenChars = new Map<string, bigint>();
  for (const row of totals.writes) writtenChars.set(row.tenantRef, (writtenChars.get(row.tenantRef) ?? 0n) + BigInt(row.chars));
  return [
    ...family('memory_resolved_turns_total', 'counter', 'Turns for which the runtime resolved memories.', perTenant('turns')),
    ...family('memory_offered_total', 'counter', 'Memories offered to prompts.', perTenant('offered')),
    ...family('memory_omitted_total', 'counter', 'Memories left out of prompts for budget.', perTenant('omitted')),
    ...family(
      'memory_pinned_omitted_total',
      'counter',
      'Pinned (always-on) memories left out of prompts for budget.',
      perTenant('pinnedOmitted'),
    ),
    ...family(
      'memory_recalled_total',
      'counter',
      'Memories recalled by search during turns (turns that reported a count).',
      perTenant('recalled'),
    ),
    ...family(
      'memory_recalled_turns_total',
      'counter',
      'Turns whose search recalled at least one memory (reported as a count or as true).',
      perTenant('turnsRecalled'),
    ),
    ...family(
      'memory_written_total',
      'counter',
      'Memories the runtime wrote, by scope kind.',
      totals.writes.map((row) => ({ labels: { tenant: row.tenantRef, scope_kind: row.scopeKind }, value: row.writes })),
    ),
    ...family(
      'memory_written_chars_total',
      'counter',
      'Characters of memories the runtime wrote.',
      [...writtenChars].map(([tenant, chars]) => ({ labels: { tenant }, value: chars.toString() })),
    ),
    ...family('memory_prompt_chars', 'histogram', 'Characters of the memory block per prompt.', promptCharsSamples(totals)),
    ...family(
      'memory_alerts_open',
      'gauge',
      'Alerts not yet resolved.',
      totals.openAlerts.map((row) => ({ labels: { tenant: row.tenantRef }, value: row.open })),
    ),
    '',
  ].join('\n');
}
