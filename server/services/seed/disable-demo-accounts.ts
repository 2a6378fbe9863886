// `npm run demo:disable-accounts`: disables every demo account that still signs in with the demo
// password (list-open-demo-accounts.ts), so the console may serve beyond this machine. A demo
// account whose password someone changed stays as it is. Each account is disabled in a
// transaction of its own with its audit row, authored by the console's installer (the system
// principal acting for the deployment); disabling ends its sessions (a trigger on the flag). The
// demo organisations' rule that a tenant keeps an administrator does not hold here: the point is
// that nobody signs in with a published password.
import { tenantScope } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { recordAudit } from '../audit/record-audit';
import { inTransaction, type ServiceContext } from '../context';
import { INSTALLER_EMAIL } from './demo-data';
import { listOpenDemoAccounts } from './list-open-demo-accounts';

/** The e-mails of the accounts this call disabled (another run at the same time may take some). */
export async function disableDemoAccounts({ ctx }: { ctx: ServiceContext<PrismaClient> }): Promise<string[]> {
  const installer = await ctx.db.user.findUnique({ where: { email: INSTALLER_EMAIL }, select: { id: true, actorRef: true } });
  const disabled: string[] = [];
  for (const account of await listOpenDemoAccounts({ ctx })) {
    const changed = await ctx.db.$transaction(async (tx) => {
      // The row first, the audit chain's lock last; only the run that flips the flag records it.
      const { count } = await tx.user.updateMany({ where: { id: account.id, disabled: false }, data: { disabled: true } });
      if (count === 0) return false;
      await recordAudit({
        ctx: inTransaction(ctx, tx),
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
    });
    if (changed) disabled.push(account.email);
  }
  return disabled;
}
