// A system principal (the demo's console installer, README "Demo accounts") is no person: no person
// list or forecast counts it, and neither a password nor single sign-on gets anyone in as it.
import { describe, expect, it } from 'vitest';
import { BOB, GINA } from '../../testing/facts-personas';
import { useSeededDatabase } from '../../testing/seeded-database';
import { errorOf } from '../../testing/trpc-error';
import { INSTALLER_EMAIL } from '../seed/demo-data';
import { createUser } from './create-user';
import { provisionOidcUser } from './provision-oidc-user';
import { verifyCredentials } from './verify-credentials';

const db = useSeededDatabase();

/** Berlin's people in the demo: alice, bob, olga, gina, carla, deniz, emil, frida (not the installer). */
const BERLIN_PEOPLE = 8;

describe('the installer is a system principal', () => {
  it('is marked system by the seed', async () => {
    expect(await db.prisma.user.findUniqueOrThrow({ where: { email: INSTALLER_EMAIL } })).toMatchObject({
      system: true,
      passwordHash: null,
    });
    expect(await db.prisma.user.count({ where: { system: true } })).toBe(1);
  });

  it('is not among the people a global administrator may preview, nor previewable by id', async () => {
    const caller = await db.callerAs(GINA);
    const members = await caller.preview.members({});
    expect(members.map((member) => member.email)).not.toContain(INSTALLER_EMAIL);
    expect(members.map((member) => member.email)).toContain('alice@example.com');
    expect(await caller.preview.members({ query: 'installer' })).toEqual([]);
    const installerId = await db.userId(INSTALLER_EMAIL);
    expect((await errorOf(caller.preview.member({ userId: installerId }))).code).toBe('NOT_FOUND');
  });

  it('is not counted by the pin forecast, whoever asks', async () => {
    const bob = await (await db.callerAs(BOB)).facts.forecast({ scope: 'tenant:berlin', key: 'system-check' });
    expect(bob.people).toBe(BERLIN_PEOPLE);
    const gina = await (await db.callerAs(GINA)).facts.forecast({ scope: 'global', key: 'system-check' });
    expect(gina.people).toBe(BERLIN_PEOPLE + 2);
  });

  it('is not named among the people a pin would push over the budget', async () => {
    const { maxMemories } = await db.prisma.tenant.findUniqueOrThrow({ where: { ref: 'berlin' } });
    await db.prisma.tenant.update({ where: { ref: 'berlin' }, data: { maxMemories: 1 } });
    try {
      const forecast = await (await db.callerAs(BOB)).facts.forecast({ scope: 'tenant:berlin', key: 'system-check' });
      expect(forecast.peopleOver).toBe(BERLIN_PEOPLE);
      const names = forecast.groups.flatMap((group) => group.names);
      expect(names).toHaveLength(BERLIN_PEOPLE);
      expect(names).not.toContain('Console installer');
    } finally {
      await db.prisma.tenant.update({ where: { ref: 'berlin' }, data: { maxMemories } });
    }
  });

  it('cannot sign in with a password, even one set behind the console’s back', async () => {
    const installer = await db.prisma.user.findUniqueOrThrow({ where: { email: INSTALLER_EMAIL } });
    const alice = await db.prisma.user.findUniqueOrThrow({ where: { email: 'alice@example.com' } });
    await db.prisma.user.update({ where: { id: installer.id }, data: { passwordHash: alice.passwordHash } });
    expect(await verifyCredentials({ ctx: db.ctx, input: { email: INSTALLER_EMAIL, password: 'demo' } })).toBeNull();
    await db.prisma.user.update({ where: { id: installer.id }, data: { passwordHash: null } });
  });

  it('cannot be used or provisioned through single sign-on', async () => {
    expect(await provisionOidcUser({ ctx: db.ctx, input: { email: INSTALLER_EMAIL, name: 'Mallory', provisionTenant: 'berlin' } })).toBe(
      false,
    );
    expect(await db.prisma.user.count({ where: { email: INSTALLER_EMAIL } })).toBe(1);
  });

  it('is created by createUser with system, never with a password', async () => {
    const input = { email: 'robot@example.com', name: 'Robot', actorRef: 'robot', tenantRef: 'berlin', system: true };
    await expect(createUser({ ctx: db.ctx, input: { ...input, password: 'secret' } })).rejects.toMatchObject({ code: 'INVALID' });
    expect(await createUser({ ctx: db.ctx, input })).toMatchObject({ system: true, passwordHash: null });
    const bob = await (await db.callerAs(BOB)).facts.forecast({ scope: 'tenant:berlin', key: 'system-check' });
    expect(bob.people).toBe(BERLIN_PEOPLE);
  });
});
