// The demo accounts anyone can still sign in to (password "demo", as the README says), and
// disabling them before a console serves other machines (docs/sign-in-and-network.md "HOST").
import { beforeEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../auth/password';
import { useSeededDatabase } from '../../testing/seeded-database';
import { INSTALLER_EMAIL } from './demo-data';
import { disableDemoAccounts } from './disable-demo-accounts';
import { listOpenDemoAccounts } from './list-open-demo-accounts';

const db = useSeededDatabase();
const DEMO = ['alice@example.com', 'bob@example.com', 'gina@example.com', 'hana@example.com', 'olga@example.com'];

beforeEach(async () => {
  // Every test starts from the seed: all demo accounts enabled with the demo password.
  await db.prisma.user.updateMany({ where: { email: { in: DEMO } }, data: { disabled: false } });
});

const openEmails = async () => (await listOpenDemoAccounts({ ctx: db.ctx })).map((account) => account.email);

describe('listOpenDemoAccounts', () => {
  it('lists the seeded accounts whose password is still "demo", and no one else', async () => {
    expect(await openEmails()).toEqual(DEMO);
  });

  it('leaves out a demo account whose password was changed, and one that is disabled', async () => {
    const alice = await db.prisma.user.findUniqueOrThrow({ where: { email: 'alice@example.com' } });
    await db.prisma.user.update({ where: { email: 'alice@example.com' }, data: { passwordHash: await hashPassword('a-real-password-1') } });
    await db.prisma.user.update({ where: { email: 'bob@example.com' }, data: { disabled: true } });
    try {
      expect(await openEmails()).toEqual(['gina@example.com', 'hana@example.com', 'olga@example.com']);
    } finally {
      await db.prisma.user.update({ where: { id: alice.id }, data: { passwordHash: alice.passwordHash } });
    }
  });
});

describe('disableDemoAccounts', () => {
  it('disables each open demo account, ends its sessions, and records it in the audit log as the installer', async () => {
    const session = await db.sessionOf('gina@example.com');
    const auditBefore = await db.prisma.auditEvent.count();

    expect(await disableDemoAccounts({ ctx: db.ctx })).toEqual(DEMO);

    const users = await db.prisma.user.findMany({ where: { email: { in: DEMO } }, select: { id: true, disabled: true } });
    expect(users.every((user) => user.disabled)).toBe(true);
    expect(await openEmails()).toEqual([]);
    expect((await db.prisma.userSession.findUniqueOrThrow({ where: { id: session.sessionId } })).revokedAt).not.toBeNull();
    const installer = await db.prisma.user.findUniqueOrThrow({ where: { email: INSTALLER_EMAIL } });
    const rows = await db.prisma.auditEvent.findMany({ where: { action: 'person.disabled' }, orderBy: { seq: 'asc' } });
    expect(await db.prisma.auditEvent.count()).toBe(auditBefore + DEMO.length);
    expect(rows.map((row) => row.subjectUserId).sort()).toEqual(users.map((user) => user.id).sort());
    expect(rows.every((row) => row.userId === installer.id && row.actorRef === installer.actorRef)).toBe(true);

    // Run again: nothing left to disable, nothing recorded.
    expect(await disableDemoAccounts({ ctx: db.ctx })).toEqual([]);
    expect(await db.prisma.auditEvent.count()).toBe(auditBefore + DEMO.length);
  });

  it('run twice at once, disables and records each account exactly once', async () => {
    const before = await db.prisma.auditEvent.count({ where: { action: 'person.disabled' } });
    const [first, second] = await Promise.all([disableDemoAccounts({ ctx: db.ctx }), disableDemoAccounts({ ctx: db.ctx })]);
    expect([...first, ...second].sort()).toEqual(DEMO);
    expect(await db.prisma.auditEvent.count({ where: { action: 'person.disabled' } })).toBe(before + DEMO.length);
  });
});
