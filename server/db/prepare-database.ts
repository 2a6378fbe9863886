// Start-up preparation: migrate, and give a brand-new embedded database the demo data. Existing
// data is never re-seeded, so a restart keeps whatever people changed.
//
// A console that serves other machines (HOST, docs/sign-in-and-network.md) gets no demo data on a
// new folder, and is refused while its database has demo accounts that still sign in with the
// password the README publishes: anyone on the network could sign in as a global administrator.
import { servesBeyondThisMachine } from '../config/env';
import { serviceContext } from '../services/context';
import { DEMO_PASSWORD } from '../services/seed/demo-data';
import { listOpenDemoAccounts } from '../services/seed/list-open-demo-accounts';
import { seedDemo } from '../services/seed/seed-demo';
import { type DatabaseTarget, describeTarget } from './config';
import { openDatabase } from './open-database';

export interface PrepareResult {
  migrationsApplied: string[];
  seeded: boolean;
  memoriesCreated: number;
}

export interface PrepareOptions {
  /** The address the server will listen on (HOST); unset: this machine only. */
  host?: string;
}

/** The command that disables the demo accounts (package.json, scripts/demo-disable-accounts.ts). */
export const DISABLE_DEMO_ACCOUNTS_COMMAND = 'npm run demo:disable-accounts';

export class DemoAccountsExposedError extends Error {
  override name = 'DemoAccountsExposedError';
  constructor(host: string, emails: string[]) {
    super(
      `HOST=${host} serves other machines, and the demo accounts ${emails.join(', ')} still sign in with the password "${DEMO_PASSWORD}" ` +
        `that the README publishes. Disable them with \`${DISABLE_DEMO_ACCOUNTS_COMMAND}\` (with the same DATABASE_URL or ` +
        'MEMORY_CONSOLE_DATA_DIR), then start again; or leave HOST unset to serve this machine only.',
    );
  }
}

export async function prepareDatabase(
  target: DatabaseTarget,
  log: (line: string) => void = () => {},
  { host }: PrepareOptions = {},
): Promise<PrepareResult> {
  const beyond = host !== undefined && servesBeyondThisMachine(host);
  const db = await openDatabase(target, { log });
  try {
    const ctx = serviceContext(db.prisma);
    let memoriesCreated = 0;
    const fresh = target.kind === 'pglite' && (await db.prisma.user.count()) === 0;
    const seeded = fresh && !beyond;
    if (seeded) {
      memoriesCreated = (await seedDemo({ ctx })).memoriesCreated;
      log(`new embedded database: demo data created (${memoriesCreated} memories). Sign in as alice@example.com / demo.`);
    } else if (fresh) {
      log(
        `new embedded database: no demo data, since HOST=${host} serves other machines and every demo account's password is "${DEMO_PASSWORD}". ` +
          'Start once without HOST to try the demo on this machine.',
      );
    }
    if (beyond) {
      const open = await listOpenDemoAccounts({ ctx });
      if (open.length > 0)
        throw new DemoAccountsExposedError(
          host,
          open.map((account) => account.email),
        );
    }
    log(`ready: ${describeTarget(target)}`);
    return { migrationsApplied: db.migrations.applied, seeded, memoriesCreated };
  } finally {
    await db.close();
  }
}
