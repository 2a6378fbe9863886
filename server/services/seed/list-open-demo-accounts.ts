// The demo accounts anyone could still sign in to: seeded with the password everyone can read in
// the README ("demo"), still enabled, and that password unchanged. A console that serves beyond
// this machine refuses to start while there are any (docs/sign-in-and-network.md "HOST").
import { verifyPassword } from '../../auth/password';
import type { ServiceContext } from '../context';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-data';

export interface OpenDemoAccount {
  id: string;
  email: string;
  tenantRef: string;
}

/** The demo e-mails seeded with a password: only these can hold the demo password (one bcrypt check each). */
export const DEMO_ACCOUNT_EMAILS = DEMO_USERS.filter((user) => user.password === DEMO_PASSWORD).map((user) => user.email);

export async function listOpenDemoAccounts({ ctx }: { ctx: ServiceContext }): Promise<OpenDemoAccount[]> {
  const users = await ctx.db.user.findMany({
    where: { email: { in: DEMO_ACCOUNT_EMAILS }, disabled: false, system: false, passwordHash: { not: null } },
    select: { id: true, email: true, tenantRef: true, passwordHash: true },
    orderBy: { email: 'asc' },
  });
  const open: OpenDemoAccount[] = [];
  for (const { passwordHash, ...user } of users) {
    if (await verifyPassword(DEMO_PASSWORD, passwordHash)) open.push(user);
  }
  return open;
}
