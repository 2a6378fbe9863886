// GET /api/audit/export?format=csv|json&…filters (docs/operations.md "Audit log"): the filtered audit rows an
// administrator may read, streamed page by page. A route of the session cookie (route.ts); the
// service decides what the viewer may read, exactly as for the list. A heavy read: with a replica
// its pages are read there once it has replayed the person's last write (route.ts `reads`).
import { z } from 'zod';
import { csvLine } from '../domain';
import { parseInput } from '../api/inputs';
import { auditFilterSchema, withoutEmpty } from '../api/routers/audit-input';
import { listAuditLog, type AuditLogRow } from '../services/audit/list-audit-log';
import { route } from './route';

const EXPORT_PAGE = 500;

const exportSchema = auditFilterSchema.extend({ format: z.enum(['csv', 'json'], 'format must be csv or json') });

const CSV_HEADER = ['id', 'at', 'action', 'person', 'email', 'actor', 'scope', 'key', 'memory id', 'before', 'after', 'api token'];

function csvRow(row: AuditLogRow): string {
  const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));
  return csvLine([
    row.id,
    row.at.toISOString(),
    row.action,
    row.person.name,
    row.person.email,
    row.person.actorRef,
    row.scope,
    row.key,
    row.memoryId,
    json(row.before),
    json(row.after),
    row.token?.name ?? row.token?.id ?? null,
  ]);
}

export const handleAuditExport = route(
  { name: 'GET /api/audit/export', auth: 'session', origin: 'mutations', reads: 'replica' },
  async ({ request, viewer, ctx }) => {
    const { format, ...filter } = parseInput(exportSchema, Object.fromEntries(new URL(request.url).searchParams));
    const read = (after?: string) => listAuditLog({ ctx, input: { viewer, filter: withoutEmpty(filter), after, limit: EXPORT_PAGE } });
    // The first page is read before answering, so a refusal is a status, not a broken download.
    const first = await read();
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        let page = first;
        let count = 0;
        controller.enqueue(encoder.encode(format === 'csv' ? csvLine(CSV_HEADER) : '['));
        for (;;) {
          for (const row of page.rows) {
            controller.enqueue(encoder.encode(format === 'csv' ? csvRow(row) : `${count > 0 ? ',' : ''}\n${JSON.stringify(row)}`));
            count += 1;
          }
          if (!page.nextCursor) break;
          page = await read(page.nextCursor);
        }
        if (format === 'json') controller.enqueue(encoder.encode('\n]\n'));
        controller.close();
      },
    });
    const day = ctx.now().toISOString().slice(0, 10);
    return new Response(body, {
      headers: {
        'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
        'content-disposition': `attachment; filename="audit-log-${day}.${format}"`,
        'cache-control': 'no-store',
      },
    });
  },
);
