// API tokens through tRPC (docs/runtime-api.md "API tokens"): who may create which tokens for which
// tenant, the secret shown once and stored only as a hash, revocation, and the audit rows.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TokenPermission } from '../../domain';
import { SEED_NOW, useSeededDatabase } from '../../testing/seeded-database';
import { errorOf } from '../../testing/trpc-error';
import { createCaller } from '../root';
import { createContextInner } from '../trpc';

const db = useSeededDatabase();
const GINA = 'gina@example.com';

const EVENTS: TokenPermission[] = ['events:write'];
const OPS: TokenPermission[] = ['events:write', 'metrics:read'];
const ALL: TokenPermission[] = ['events:write', 'metrics:read', 'memories:read', 'memories:write', 'facts:write'];

type Outcome = 'created' | 'FORBIDDEN' | 'NOT_FOUND';
const MATRIX: { who: string; tenantRef: string | null; permissions: TokenPermission[]; expected: Outcome; reason?: string }[] = [
  { who: 'alice@example.com', tenantRef: 'berlin', permissions: EVENTS, expected: 'FORBIDDEN', reason: 'NOT_OPERATOR_OR_ADMINISTRATOR' },
  { who: 'alice@example.com', tenantRef: 'hamburg', permissions: EVENTS, expected: 'NOT_FOUND' },
  { who: 'bob@example.com', tenantRef: 'berlin', permissions: ALL, expected: 'created' },
  { who: 'bob@example.com', tenantRef: 'hamburg', permissions: EVENTS, expected: 'NOT_FOUND' },
  {
    who: 'bob@example.com',
    tenantRef: null,
    permissions: ['metrics:read'],
    expected: 'FORBIDDEN',
    reason: 'NOT_OPERATOR_OR_ADMINISTRATOR',
  },
  { who: 'olga@example.com', tenantRef: 'berlin', permissions: OPS, expected: 'created' },
  { who: 'olga@example.com', tenantRef: 'hamburg', permissions: EVENTS, expected: 'created' },
  {
    who: 'olga@example.com',
    tenantRef: 'berlin',
    permissions: ['events:write', 'memories:read'],
    expected: 'FORBIDDEN',
    reason: 'PERMISSION_NOT_GRANTABLE',
  },
  {
    who: 'olga@example.com',
    tenantRef: 'berlin',
    permissions: ['memories:write'],
    expected: 'FORBIDDEN',
    reason: 'PERMISSION_NOT_GRANTABLE',
  },
  { who: 'olga@example.com', tenantRef: null, permissions: ['metrics:read'], expected: 'created' },
  { who: 'olga@example.com', tenantRef: null, permissions: OPS, expected: 'FORBIDDEN', reason: 'ALL_TENANTS_METRICS_ONLY' },
  { who: 'olga@example.com', tenantRef: 'nowhere', permissions: EVENTS, expected: 'NOT_FOUND' },
  { who: 'hana@example.com', tenantRef: 'hamburg', permissions: EVENTS, expected: 'FORBIDDEN', reason: 'NOT_OPERATOR_OR_ADMINISTRATOR' },
  { who: 'hana@example.com', tenantRef: 'berlin', permissions: ['metrics:read'], expected: 'NOT_FOUND' },
  { who: GINA, tenantRef: 'hamburg', permissions: ALL, expected: 'created' },
  { who: GINA, tenantRef: null, permissions: ['metrics:read'], expected: 'created' },
];

describe('tokens.create', () => {
  it.each(MATRIX)('$who, tenant $tenantRef, $permissions → $expected', async ({ who, tenantRef, permissions, expected, reason }) => {
    const caller = await db.callerAs(who);
    const before = await db.prisma.apiToken.count();
    const call = caller.tokens.create({ name: 'runtime', tenantRef, permissions });
    if (expected === 'created') {
      const token = await call;
      expect(token).toMatchObject({ tenantRef, permissions });
      expect(token.secret).toMatch(/^mct_[A-Za-z0-9_-]{43}$/);
      return;
    }
    const error = await errorOf(call);
    expect(error.code).toBe(expected);
    if (reason) expect(error.cause).toMatchObject({ details: { reason } });
    expect(await db.prisma.apiToken.count()).toBe(before);
  });

  it('stores only the SHA-256 of the secret, shows a short prefix, and writes an audit row', async () => {
    const olga = await db.callerAs('olga@example.com');
    const token = await olga.tokens.create({ name: 'hamburg events', tenantRef: 'hamburg', permissions: EVENTS });
    const row = await db.prisma.apiToken.findUniqueOrThrow({ where: { id: token.id } });
    expect(row.tokenHash).toBe(createHash('sha256').update(token.secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token.secret);
    expect(token.secret.startsWith(row.prefix)).toBe(true);
    const listed = (await olga.tokens.list()).tokens.find((entry) => entry.id === token.id)!;
    expect(listed).not.toHaveProperty('secret');
    expect(listed).toMatchObject({ name: 'hamburg events', prefix: row.prefix, lastUsedAt: null, revokedAt: null });
    const audit = await db.prisma.auditEvent.findFirstOrThrow({
      where: { action: 'token.created', tenantRef: 'hamburg' },
      orderBy: { seq: 'desc' },
    });
    expect(audit).toMatchObject({ scope: 'tenant:hamburg', userId: await db.userId('olga@example.com') });
    expect(JSON.stringify(audit.after)).not.toContain(token.secret);
  });

  it('refuses a nameless token and unknown permissions, naming the field', async () => {
    const bob = await db.callerAs('bob@example.com');
    const error = await errorOf(bob.tokens.create({ name: ' ', tenantRef: 'berlin', permissions: EVENTS }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(JSON.stringify(error.cause)).toContain('name is required');
    const wrong = await errorOf(bob.tokens.create({ name: 'x', tenantRef: 'berlin', permissions: ['admin' as TokenPermission] }));
    expect(wrong.code).toBe('BAD_REQUEST');
  });
});

describe('tokens.list', () => {
  it('offers each person the tenants and permissions they may grant', async () => {
    const tenantsOf = async (email: string) => (await (await db.callerAs(email)).tokens.list()).tenants;
    expect(await tenantsOf('alice@example.com')).toEqual([]);
    expect(await tenantsOf('bob@example.com')).toEqual([{ ref: 'berlin', name: expect.any(String), grantable: ALL }]);
    const olga = await tenantsOf('olga@example.com');
    expect(olga.map((tenant) => [tenant.ref, tenant.grantable])).toEqual(
      expect.arrayContaining([
        ['berlin', OPS],
        ['hamburg', OPS],
        [null, ['metrics:read']],
      ]),
    );
  });

  it("never shows another tenant's tokens", async () => {
    const olga = await db.callerAs('olga@example.com');
    await olga.tokens.create({ name: 'hh only', tenantRef: 'hamburg', permissions: EVENTS });
    const bobs = (await (await db.callerAs('bob@example.com')).tokens.list()).tokens;
    expect(bobs.length).toBeGreaterThan(0);
    expect(bobs.every((token) => token.tenantRef === 'berlin')).toBe(true);
  });
});

describe('tokens.revoke', () => {
  it('revokes once, audits it, and a second revoke changes nothing', async () => {
    const olga = await db.callerAs('olga@example.com');
    const token = await olga.tokens.create({ name: 'to revoke', tenantRef: 'berlin', permissions: EVENTS });
    const revoked = await olga.tokens.revoke({ id: token.id });
    expect(revoked.revokedAt).toEqual(expect.any(String));
    expect(await olga.tokens.revoke({ id: token.id })).toEqual(revoked);
    expect(await db.prisma.auditEvent.count({ where: { action: 'token.revoked', before: { path: ['tokenId'], equals: token.id } } })).toBe(
      1,
    );
  });

  it('lets an operator revoke only tokens they could have created; others see NOT_FOUND', async () => {
    const bob = await db.callerAs('bob@example.com');
    const memoriesToken = await bob.tokens.create({ name: 'memories', tenantRef: 'berlin', permissions: ALL });
    const olgaError = await errorOf((await db.callerAs('olga@example.com')).tokens.revoke({ id: memoriesToken.id }));
    expect(olgaError.code).toBe('FORBIDDEN');
    for (const who of ['hana@example.com', 'alice@example.com']) {
      expect((await errorOf((await db.callerAs(who)).tokens.revoke({ id: memoriesToken.id }))).code).toBe('NOT_FOUND');
    }
    expect((await errorOf(bob.tokens.revoke({ id: 'tok_unknown' }))).code).toBe('NOT_FOUND');
    expect((await db.prisma.apiToken.findUniqueOrThrow({ where: { id: memoriesToken.id } })).revokedAt).toBeNull();
  });
});

describe('sign-in recency', () => {
  it('asks for the password when the sign-in is older than ten minutes, for create and revoke', async () => {
    const session = await db.sessionOf('olga@example.com');
    const later = new Date(SEED_NOW.getTime() + 11 * 60_000);
    const olga = createCaller(() => createContextInner({ session, db: db.prisma, deps: { now: () => later } }));
    const before = await db.prisma.apiToken.count();
    const refused = await errorOf(olga.tokens.create({ name: 'late', tenantRef: 'berlin', permissions: EVENTS }));
    expect(refused.code).toBe('FORBIDDEN');
    expect(refused.cause).toMatchObject({ details: { reason: 'REAUTH_REQUIRED' } });
    expect(await db.prisma.apiToken.count()).toBe(before);

    const created = await olga.tokens.create({ name: 'late', tenantRef: 'berlin', permissions: EVENTS, password: 'demo' });
    const stale = createCaller(() =>
      createContextInner({ session, db: db.prisma, deps: { now: () => new Date(later.getTime() + 11 * 60_000) } }),
    );
    expect((await errorOf(stale.tokens.revoke({ id: created.id }))).cause).toMatchObject({ details: { reason: 'REAUTH_REQUIRED' } });
    expect((await errorOf(stale.tokens.revoke({ id: created.id, password: 'wrong' }))).cause).toMatchObject({
      details: { reason: 'REAUTH_FAILED' },
    });
    expect((await stale.tokens.revoke({ id: created.id, password: 'demo' })).revokedAt).toEqual(expect.any(String));
  });
});
