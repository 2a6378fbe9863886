import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { hashTokenSecret } from '../../server/auth/api-token-secret';
const url = process.argv[2]!;
const db = new pg.Client({ connectionString: 'postgresql://postgres@127.0.0.1:5432/ops_rest_bench' });
await db.connect();
const T = 'bench-lat';
await db.query(`INSERT INTO tenant (ref, name, "updatedAt") VALUES ($1,'x',now()) ON CONFLICT DO NOTHING`, [T]);
const secret = `mct_${randomBytes(32).toString('base64url')}`;
await db.query(`DELETE FROM api_token WHERE id='tok_lat'`);
await db.query(`INSERT INTO api_token (id, name, "tokenHash", prefix, "tenantRef", permissions) VALUES ('tok_lat','b',$1,'mct_lat',$2,ARRAY['events:write'])`, [hashTokenSecret(secret), T]);
const body = (k: number) => JSON.stringify(Array.from({ length: 1000 }, (_, i) => ({ type: 'memory.resolved', at: new Date(Date.now() - k * 1000 - i * 37).toISOString(), tenantRef: T, scopes: [`actor:b${i % 200}`, `tenant:${T}`, 'global'], offered: 5, omitted: 1, pinnedOmitted: 0, recalled: 2, promptChars: 900 })));
const ms: number[] = [];
for (let k = 0; k < 25; k++) { const b = body(k); const s = performance.now(); const r = await fetch(`${url}/api/runtime/events`, { method: 'POST', headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' }, body: b }); await r.text(); if (k >= 3) ms.push(performance.now() - s); }
ms.sort((a, b) => a - b);
console.log(url, 'median', ms[Math.floor(ms.length / 2)]!.toFixed(1), 'ms; p10', ms[2]!.toFixed(1));
for (const t of ['runtime_event', 'metric_rollup', 'api_token']) await db.query(`DELETE FROM "${t}" WHERE "tenantRef" = $1`, [T]);
await db.query(`DELETE FROM tenant WHERE ref=$1`, [T]);
await db.end();
