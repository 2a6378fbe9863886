// The coarse gate of the administrators' procedures, from outside through a caller: only people
// with an admin grant get past it (the services still check the exact scope), whatever the page
// sections require: the gate asks the authority (requireAdministrator), not the Review section.
import { describe, expect, it } from 'vitest';
import { INSTALLER_EMAIL } from '../services/seed/demo-data';
import { useSeededDatabase } from '../testing/seeded-database';
import { addHamburgAdmin, DEPOT_ADMIN } from '../testing/facts-personas';
import { errorOf, reasonOf } from '../testing/trpc-error';
import { adminProcedure, createCallerFactory, createContextInner, router } from './trpc';

const db = useSeededDatabase();

const probeRouter = router({ probe: adminProcedure.query(({ ctx }) => ctx.viewer.email) });
const createProbeCaller = createCallerFactory(probeRouter);

async function probeAs(email: string | null) {
  const session = email ? await db.sessionOf(email) : null;
  return createProbeCaller(createContextInner({ session, db: db.prisma, deps: { now: db.ctx.now } })).probe();
}

describe('adminProcedure', () => {
  it.each(['bob@example.com', 'gina@example.com', INSTALLER_EMAIL])('lets %s through', async (email) => {
    await expect(probeAs(email)).resolves.toBe(email);
  });

  it('lets an administrator of one custom scope through', async () => {
    await addHamburgAdmin(db, DEPOT_ADMIN);
    await expect(probeAs(DEPOT_ADMIN)).resolves.toBe(DEPOT_ADMIN);
  });

  it.each(['alice@example.com', 'hana@example.com', 'olga@example.com'])('refuses %s with FORBIDDEN NOT_ADMINISTRATOR', async (email) => {
    const error = await errorOf(probeAs(email));
    expect([error.code, reasonOf(error)]).toEqual(['FORBIDDEN', 'NOT_ADMINISTRATOR']);
    expect(error.message).toContain('administrator');
  });

  it('refuses a signed-out caller with UNAUTHORIZED', async () => {
    expect((await errorOf(probeAs(null))).code).toBe('UNAUTHORIZED');
  });
});
