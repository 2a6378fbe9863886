// GET /api/audit/export (docs/operations.md "Audit log") through the Next-independent handler: who
// may download, what the CSV and JSON hold, and that CSV cells are escaped and formula-safe.
import { beforeAll, describe, expect, it } from 'vitest';
import { saveAs } from '../testing/audit-fixtures';
import { useSeededDatabase } from '../testing/seeded-database';
import { createUser } from '../services/users/create-user';
import { writeMemory } from '../services/memories/write-memory';
import { humanWriter } from '../services/memories/writer';
import { handleAuditExport } from './audit-export';

const db = useSeededDatabase();
const BOB = 'bob@example.com';
const TRICKY = '=HYPERLINK("http://evil.example"), then "more"';

beforeAll(async () => {
  await saveAs(db, BOB, 'tenant:berlin', 'export-tricky', 'Plain first.');
  await saveAs(db, BOB, 'tenant:berlin', 'export-tricky', TRICKY);
});

async function exportAs(email: string | null, query: string): Promise<Response> {
  const session = email ? await db.sessionOf(email) : null;
  return handleAuditExport(new Request(`http://localhost/api/audit/export?${query}`), {
    session,
    prisma: db.prisma,
    deps: { now: db.ctx.now },
  });
}

/** Splits CSV text into records of cells (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    cells.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === ',') {
      endCell();
    } else if (!quoted && char === '\r' && text[i + 1] === '\n') {
      endCell();
      records.push(cells);
      cells = [];
      i++;
    } else {
      cell += char;
    }
  }
  return records;
}

describe('GET /api/audit/export', () => {
  it('answers 401 signed out and 403 for alice, who administers nothing', async () => {
    expect((await exportAs(null, 'format=csv')).status).toBe(401);
    const refused = await exportAs('alice@example.com', 'format=csv');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
  });

  it('names a bad parameter and its limit', async () => {
    const response = await exportAs(BOB, 'format=xml');
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('format must be csv or json');
  });

  it('downloads the filtered rows as CSV, escaped and safe from formulas', async () => {
    const response = await exportAs(BOB, 'format=csv&key=export-tricky');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="audit-log-2026-11-30.csv"');
    const [header, newest, oldest, ...rest] = parseCsv(await response.text());
    expect(rest).toEqual([]);
    expect(header).toEqual(['id', 'at', 'action', 'person', 'email', 'actor', 'scope', 'key', 'memory id', 'before', 'after', 'api token']);
    expect(newest!.slice(2, 8)).toEqual(['memory.saved', 'Bob Brandt', BOB, 'u2', 'tenant:berlin', 'export-tricky']);
    expect(JSON.parse(newest![10]!)).toMatchObject({ text: TRICKY, version: 2 });
    expect(JSON.parse(oldest![10]!)).toMatchObject({ text: 'Plain first.', version: 1 });
  });

  it('prefixes cells that start like a formula, so a spreadsheet shows them as text', async () => {
    const user = await createUser({
      ctx: db.ctx,
      input: { email: 'mallory@example.com', name: '=HYPERLINK("http://evil.example")', actorRef: '-m1', tenantRef: 'berlin' },
    });
    await writeMemory({
      ctx: db.ctx,
      input: {
        writer: humanWriter({ userId: user.id, actorRef: '-m1', scopes: ['actor:-m1'], grants: [] }),
        scope: 'actor:-m1',
        key: 'note',
        text: 'Mine.',
      },
    });
    const text = await (await exportAs(BOB, 'format=csv&person=mallory%40example.com')).text();
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    const [, row] = parseCsv(text);
    expect(row!.slice(3, 6)).toEqual([`'=HYPERLINK("http://evil.example")`, 'mallory@example.com', "'-m1"]);
  });

  it('downloads the same rows as JSON, and only Berlin rows for bob', async () => {
    const response = await exportAs(BOB, 'format=json');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const rows = (await response.json()) as { tenantRef: string | null; key: string | null; after: unknown }[];
    expect(rows).toHaveLength(await db.prisma.auditEvent.count({ where: { tenantRef: 'berlin' } }));
    expect(rows.every((row) => row.tenantRef === 'berlin')).toBe(true);
    expect(rows.find((row) => row.key === 'export-tricky')?.after).toMatchObject({ text: TRICKY });
  });
});
