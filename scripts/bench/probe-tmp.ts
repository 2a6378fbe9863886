import pg from 'pg';
import { Prisma } from '../../server/db/generated/client';
import { openDatabase } from '../../server/db/open-database';
import { serviceContext } from '../../server/services/context';
import { listReviewGroups, LIST_TEXTS_PER_GROUP, toReviewGroup } from '../../server/services/review/list-review-groups';
import { reviewGroupsSql } from '../../server/services/review/query-review-groups';

const url = 'postgresql://postgres@127.0.0.1:5432/mc_bench';
async function time(label: string, n: number, f: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await f();
  const s: number[] = [];
  for (let i = 0; i < n; i++) { const t = performance.now(); await f(); s.push(performance.now() - t); }
  s.sort((a, b) => a - b);
  console.log(label.padEnd(40), 'p50', s[Math.floor(n / 2)]!.toFixed(2), 'p95', s[Math.floor(n * 0.95)]!.toFixed(2));
}
const db = await openDatabase({ kind: 'postgres', url });
const pool = new pg.Pool({ connectionString: url, max: 2 });
const ctx = serviceContext(db.prisma);
const viewer = { grants: [{ scope: 'tenant:bench', role: 'admin' as const }] };
const q = reviewGroupsSql({ tenants: ['bench'], dismissed: false, sort: 'people', limit: 26, texts: LIST_TEXTS_PER_GROUP });
await time('prisma SELECT 1', 30, () => db.prisma.$queryRaw`SELECT 1`);
await time('pg SELECT 1', 30, () => pool.query('SELECT 1'));
await time('prisma review sql', 30, () => db.prisma.$queryRaw(q));
const text = q.text; // $1-style
await time('pg review sql ($n)', 30, () => pool.query(text, q.values));
await time('service page', 30, () => listReviewGroups({ ctx, input: { viewer, filter: {} } }));
const rows = (await db.prisma.$queryRaw(q)) as any[];
await time('toReviewGroup JS', 30, async () => rows.map(toReviewGroup));
console.log('pairs per row', rows.map((r) => r.pairs.length).join(','));
const ex = await pool.query('EXPLAIN (ANALYZE, FORMAT JSON) ' + text, q.values);
console.log('exec', ex.rows[0]['QUERY PLAN'][0]['Execution Time'], 'planning', ex.rows[0]['QUERY PLAN'][0]['Planning Time']);
await db.close(); await pool.end();
