// `npm run audit:verify`: recomputes every audit chain and names each broken link. Reads only:
// it applies no migrations (a database with pending ones is refused). Exit 0 when the log
// verifies, 1 when a link is broken, 2 when the check could not run.
import path from 'node:path';
import { loadEnvFiles } from '../server/config/env-files';
import { describeAuditBreak } from '../server/domain';
import { databaseTargetFromEnv } from '../server/db/config';
import { openDatabase } from '../server/db/open-database';
import { verifyAuditLog } from '../server/services/audit/verify-audit-log';
import { serviceContext } from '../server/services/context';

async function main(): Promise<number> {
  // The .env files too, as `npm start` and the server read them (server/config/env-files.ts).
  loadEnvFiles(path.resolve(import.meta.dirname, '..'), false);
  const db = await openDatabase(databaseTargetFromEnv(), { migrate: false });
  try {
    const result = await verifyAuditLog({ ctx: serviceContext(db.prisma) });
    if (result.breaks.length > 0) {
      for (const found of result.breaks) console.error(describeAuditBreak(found));
      console.error(`audit log NOT verified: ${result.breaks.length} broken link(s) in ${result.rows} rows`);
      return 1;
    }
    console.log(`audit log verified: ${result.rows} rows in ${result.chains.length} chains`);
    // The heads: keep them somewhere else to notice later if the newest rows are removed.
    for (const head of result.chains) console.log(`  ${head.chain}: seq ${head.seq}, hash ${head.hash}`);
    return 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`audit:verify could not run: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
