// `npm run test:cluster:replica`: only the PostgreSQL primary, its streaming replica and PgBouncer
// of the cluster test (cluster.ts), for the read-replica and partition checks of replica.ts and the
// heavy reads' routing through the app's procedures and audit export (heavy-reads.ts), without
// the build and the consoles. Stops and removes everything at the end, on failure too.
import { checkPortFree } from '../../server/startup/preflight';
import { Cluster, PORTS } from './cluster';
import path from 'node:path';
import { heavyReadChecks } from './heavy-reads';
import { partitionChecks, pooledIntegrationTests, replicaChecks } from './replica';

const root = path.resolve(import.meta.dirname, '../..');

const started = Date.now();
const say = (line: string) => console.log(`[replica ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}`);
const check = (condition: boolean, claim: string, detail = '') => {
  if (!condition) throw new Error(`FAILED: ${claim}${detail ? ` — ${detail}` : ''}`);
  say(`ok: ${claim}`);
};

const cluster = new Cluster(say);
async function main() {
  for (const port of [PORTS.primary, PORTS.replica, PORTS.pgbouncer]) await checkPortFree(port, '127.0.0.1');
  cluster.startPostgres();
  cluster.startPgBouncer();
  const figures: string[] = [];
  await replicaChecks(cluster, check, figures);
  await heavyReadChecks(cluster, check, figures);
  await partitionChecks(cluster, check);
  if (!process.argv.includes('--no-pooled-tests'))
    figures.push(`integration tests through PgBouncer: ${((await pooledIntegrationTests(cluster, root, check)) / 1000).toFixed(0)} s`);
  for (const line of figures) console.log(`  ${line}`);
}
main()
  .then(async () => {
    await cluster.stop();
    say('passed; stopped and removed');
    process.exit(0);
  })
  .catch(async (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    await cluster.stop();
    process.exit(1);
  });
