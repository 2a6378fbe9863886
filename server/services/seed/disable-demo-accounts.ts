// `npm run demo:disable-accounts`: disables every demo account that still signs in with the demo
// password (list-open-demo-accounts.ts), so the console may serve beyond this machine. A demo
// account whose password someone changed stays as it is. Each account is disabled in a
// transaction of its own with its audit row, authored by the console's installer (the system
// principal acting for the deployment); disabling ends its sessions and spends its links. The
// demo organisations' rule that a tenant keeps an administrator does not hold here: the point is
// that nobody signs in with a published password.
import { tenantScope } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { recordAudit } from '../audit/record-audit';
import type { ServiceContext } from '../context';
import { disableAccount } from '../people/disable-account';
import { runTransaction } from '../run-transaction';
import { INSTALLER_EMAIL } from './demo-data';
import { listOpenDemoAccounts } from './list-open-demo-accounts';

/** The e-mails of the accounts this call disabled (another run at the same time may take some). */
export async function disableDemoAccounts({ ctx }: { ctx: ServiceContext<PrismaClient> }): Promise<string[]> {
  const installer = await ctx.db.user.findUnique({ where: { email: INSTALLER_EMAIL }, select: { id: true, actorRef: true } });
  const disabled: string[] = [];
  for (const account of await listOpenDemoAccounts({ ctx })) {
    const changed = await runTransaction({
      ctx,
      input: {
        writer: null,
        work: async (tx) => {
          // Only the run that flips the flag records it (the audit row is written last).
          if (!(await disableAccount({ ctx: tx, input: { userId: account.id } }))) return false;
          recordAudit({
            ctx: tx,
            input: {
              userId: installer?.id ?? null,
              actorRef: installer?.actorRef ?? null,
              action: 'person.disabled',
              scope: tenantScope(account.tenantRef),
              tenantRef: account.tenantRef,
              memoryId: null,
              subjectUserId: account.id,
            },
          });
          return true;
        },
      },
    });
    if (changed) disabled.push(account.email);
  }
  return disabled;
}
