// The latest deliveries of the organisation's alert webhook (docs/operations.md "Alert webhooks"):
// what was sent, whether it arrived, how often it was tried, the receiver's last answer and the
// next try.
import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { WebhookDeliveryRow } from '@/components/trpc/outputs';
import { formatUtc } from '@/components/ui/format-utc';

const STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Waiting to send', tone: 'sky' },
  retrying: { label: 'Will try again', tone: 'amber' },
  delivered: { label: 'Delivered', tone: 'emerald' },
  failed: { label: 'Gave up', tone: 'violet' },
  cancelled: { label: 'Cancelled', tone: 'slate' },
};

const EVENT: Record<string, string> = {
  'alert.opened': 'Alert opened',
  'alert.resolved': 'Alert resolved',
  'alert.handoff': 'Alert handed to the administrators',
};
// The console's one locale, in UTC, as the other pages' exact dates (the server's render and the browser's agree).
const when = (iso: string | null) => (iso ? formatUtc(iso) : '—');

export function WebhookDeliveryLog({ deliveries }: { deliveries: WebhookDeliveryRow[] }) {
  if (deliveries.length === 0) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300">Nothing sent yet. The next alert that opens or resolves is sent here.</p>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-0 text-left text-sm">
        <caption className="sr-only">Latest webhook deliveries</caption>
        <thead className="text-xs text-slate-600 uppercase dark:text-slate-300">
          <tr>
            <th scope="col" className="py-1 pr-3">
              What
            </th>
            <th scope="col" className="py-1 pr-3">
              Status
            </th>
            <th scope="col" className="hidden py-1 pr-3 sm:table-cell">
              Tries
            </th>
            <th scope="col" className="py-1 pr-3">
              Last answer
            </th>
            <th scope="col" className="hidden py-1 sm:table-cell">
              Next try
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {deliveries.map((delivery) => {
            const status = STATUS[delivery.status] ?? { label: delivery.status, tone: 'slate' as const };
            return (
              <tr key={delivery.id}>
                <td className="py-2 pr-3">
                  {EVENT[delivery.event] ?? delivery.event}
                  <span className="block text-xs text-slate-600 dark:text-slate-400">{when(delivery.createdAt)}</span>
                </td>
                <td className="py-2 pr-3">
                  <Badge tone={status.tone}>{status.label}</Badge>
                </td>
                <td className="hidden py-2 pr-3 sm:table-cell">{delivery.attempts}</td>
                <td className="py-2 pr-3 break-words">
                  {delivery.lastResponseCode ?? (delivery.lastError ? 'No answer' : '—')}
                  {delivery.lastError ? (
                    <span className="block text-xs text-slate-600 dark:text-slate-400">{delivery.lastError}</span>
                  ) : null}
                </td>
                <td className="hidden py-2 sm:table-cell">{when(delivery.nextTryAt)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
