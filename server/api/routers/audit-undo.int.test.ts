// audit.undo (docs/operations.md "Audit log"): restores a shared fact's state before a change when
// nothing happened since, refuses with what changed otherwise, never reaches across tenants;
// through createCaller against a real database, including two undos racing.
import { describe, expect, it } from 'vitest';
import { GLOBAL_ADMIN, lastAuditOf, saveAs, viewerOf } from '../../testing/audit-fixtures';
import { SEED_NOW, useSeededDatabase } from '../../testing/seeded-database';
import type { DomainError } from '../../errors/domain-error';
import { createCaller } from '../root';
import { createContextInner } from '../trpc';
import { errorOf } from '../../testing/trpc-error';
import { deleteSharedMemory } from '../../services/memories/delete-shared-memory';

const db = useSeededDatabase();
const BOB = 'bob@example.com';
const BERLIN = 'tenant:berlin';

const current = (key: string, scope = BERLIN) => db.prisma.agentMemory.findUnique({ where: { scope_key: { scope, key } } });

async function undoAs(email: string, id: string) {
  return (await db.callerAs(email)).audit.undo({ id });
}

describe('audit.undo', () => {
  it('restores the text and pin before an edit, and audits the undo naming the undone row', async () => {
    await saveAs(db, BOB, BERLIN, 'undo-edit', 'Before the edit.', false);
    await saveAs(db, BOB, BERLIN, 'undo-edit', 'After the edit.', true);
    const edit = await lastAuditOf(db, 'undo-edit');

    await undoAs(BOB, edit.id);

    expect(await current('undo-edit')).toMatchObject({ text: 'Before the edit.', pinned: false, version: 3 });
    const undone = await lastAuditOf(db, 'undo-edit');
    expect(undone).toMatchObject({
      action: 'audit.undone',
      key: 'undo-edit',
      after: expect.objectContaining({ undoes: edit.id, version: 3 }),
    });
  });

  it('answers CONFLICT naming the new version and who saved it when the fact changed since', async () => {
    await saveAs(db, BOB, BERLIN, 'undo-changed', 'One.');
    await saveAs(db, BOB, BERLIN, 'undo-changed', 'Two.');
    const edit = await lastAuditOf(db, 'undo-changed');
    await saveAs(db, BOB, BERLIN, 'undo-changed', 'Three.');

    const error = await errorOf(undoAs(BOB, edit.id));

    expect(error.code).toBe('CONFLICT');
    expect(error.message).toContain('now version 3, saved by Bob Brandt');
    expect(await current('undo-changed')).toMatchObject({ text: 'Three.', version: 3 });
  });

  it('removes a fact the undone change created, and refuses that undo once the fact was created again', async () => {
    await saveAs(db, BOB, BERLIN, 'undo-created', 'Made by mistake.');
    const creation = await lastAuditOf(db, 'undo-created');
    await undoAs(BOB, creation.id);
    expect(await current('undo-created')).toBeNull();

    await saveAs(db, BOB, BERLIN, 'undo-created', 'Made again, on purpose.');
    const error = await errorOf(undoAs(BOB, creation.id));
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toContain('deleted and created again since');
    expect(await current('undo-created')).toMatchObject({ text: 'Made again, on purpose.', version: 1 });
  });

  it('recreates a deleted fact while its key is free, and refuses once it was recreated', async () => {
    await saveAs(db, BOB, BERLIN, 'undo-deleted', 'Deleted by mistake.', true);
    await deleteSharedMemory({ ctx: db.ctx, input: { viewer: await viewerOf(db, BOB), scope: BERLIN, key: 'undo-deleted' } });
    const deletion = await lastAuditOf(db, 'undo-deleted');
    expect(deletion.action).toBe('memory.deleted');

    await undoAs(BOB, deletion.id);
    expect(await current('undo-deleted')).toMatchObject({ text: 'Deleted by mistake.', pinned: true, version: 1 });

    const again = await errorOf(undoAs(BOB, deletion.id));
    expect(again.code).toBe('CONFLICT');
    expect(again.message).toContain('deleted and created again since');
  });

  it('lets exactly one of two simultaneous undos of the same change through', async () => {
    await saveAs(db, BOB, BERLIN, 'undo-race', 'Original.');
    await saveAs(db, BOB, BERLIN, 'undo-race', 'Changed.');
    const edit = await lastAuditOf(db, 'undo-race');

    const results = await Promise.allSettled([undoAs(BOB, edit.id), undoAs(BOB, edit.id)]);

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as { code: string }).code).toBe('CONFLICT');
    expect(await current('undo-race')).toMatchObject({ text: 'Original.', version: 3 });
    expect(await db.prisma.auditEvent.count({ where: { key: 'undo-race', action: 'audit.undone' } })).toBe(1);
  });

  it('answers NOT_FOUND for a row of another tenant, and for an id that names nothing', async () => {
    const hamburg = await db.prisma.auditEvent.findFirstOrThrow({ where: { tenantRef: 'hamburg', key: { not: null } } });
    const global = await db.prisma.auditEvent.findFirstOrThrow({ where: { tenantRef: null } });
    for (const id of [hamburg.id, global.id, 'aud_01K0000000000000000000ZZZZ', "aud_' OR 1=1"]) {
      const error = await errorOf(undoAs(BOB, id));
      expect(error.code).toBe('NOT_FOUND');
      expect(error.message).toBe('That audit entry does not exist or is not visible to you.');
    }
  });

  it('lets gina, a global administrator, undo a change in another tenant', async () => {
    await saveAs(db, GLOBAL_ADMIN, 'tenant:hamburg', 'undo-hamburg', 'Hamburg before.');
    await saveAs(db, GLOBAL_ADMIN, 'tenant:hamburg', 'undo-hamburg', 'Hamburg after.');
    await undoAs(GLOBAL_ADMIN, (await lastAuditOf(db, 'undo-hamburg')).id);
    expect(await current('undo-hamburg', 'tenant:hamburg')).toMatchObject({ text: 'Hamburg before.', version: 3 });
  });

  it('refuses alice and olga, who administer nothing', async () => {
    const edit = await db.prisma.auditEvent.findFirstOrThrow({ where: { tenantRef: 'berlin', key: { not: null } } });
    for (const email of ['alice@example.com', 'olga@example.com']) expect((await errorOf(undoAs(email, edit.id))).code).toBe('FORBIDDEN');
  });

  it('asks for the password when the sign-in is more than ten minutes old, and undoes with it', async () => {
    await saveAs(db, BOB, BERLIN, 'undo-sudo', 'Kept.');
    await saveAs(db, BOB, BERLIN, 'undo-sudo', 'Replaced.');
    const edit = await lastAuditOf(db, 'undo-sudo');
    const session = await db.sessionOf(BOB);
    const later = () => new Date(SEED_NOW.getTime() + 11 * 60_000);
    const caller = createCaller(() => createContextInner({ session, db: db.prisma, deps: { now: later } }));

    const refused = await errorOf(caller.audit.undo({ id: edit.id }));
    expect(refused.code).toBe('FORBIDDEN');
    expect((refused.cause as DomainError).details.reason).toBe('REAUTH_REQUIRED');
    expect(await current('undo-sudo')).toMatchObject({ text: 'Replaced.', version: 2 });

    await caller.audit.undo({ id: edit.id, password: 'demo' });
    expect(await current('undo-sudo')).toMatchObject({ text: 'Kept.', version: 3 });
  });

  it('says a personal-scope change cannot be undone', async () => {
    const personal = await db.prisma.auditEvent.findFirstOrThrow({ where: { scope: 'actor:u1' } });
    const error = await errorOf(undoAs(BOB, personal.id));
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toContain('person’s own memory');
  });
});
