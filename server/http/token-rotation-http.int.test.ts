// API token expiry and rotation over HTTP (docs/runtime-api.md "API tokens"): who may rotate which
// token through the console's tRPC route, and what the runtime route answers the old and new secrets
// before and after the 24 hours, and an expired token; two rotations of one token at once.
import { describe, expect, it } from 'vitest';
import { createContextInner } from '../api/trpc';
import { serviceContext } from '../services/context';
import { listApiTokens } from '../services/tokens/list-api-tokens';
import { rotateApiToken } from '../services/tokens/rotate-api-token';
import { RUNTIME_ROUTES } from './runtime-routes';
import { bearer } from '../testing/runtime-tokens';
import { SEED_NOW, useSeededDatabase } from '../testing/seeded-database';
import { trpcRoute } from './trpc-handler';

const db = useSeededDatabase();
const OWN_ORIGIN = 'http://localhost:3000';
const HOUR = 3_600_000;
const at = (ms: number) => new Date(SEED_NOW.getTime() + ms);

async function console(email: string, procedure: string, input: Record<string, unknown>) {
  const session = await db.sessionOf(email);
  const response = await trpcRoute(() => createContextInner({ session, db: db.prisma, deps: { now: () => SEED_NOW } }))(
    new Request(`${OWN_ORIGIN}/api/trpc/${procedure}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: OWN_ORIGIN },
      body: JSON.stringify(input),
    }),
    { allowedOrigin: OWN_ORIGIN },
  );
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as { result?: { data: any }; error?: any } }; // eslint-disable-line @typescript-eslint/no-explicit-any -- each test reads the fields it checks
}

/** A service context whose clock reads `now` (a console session of that time would have expired). */
const later = (now: Date) => serviceContext(db.prisma, { now: () => now });

async function viewerOf(email: string) {
  const user = await db.prisma.user.findUniqueOrThrow({ where: { email }, include: { grants: true, tenant: true } });
  const { sessionId } = await db.sessionOf(email);
  return { userId: user.id, sessionId, actorRef: user.actorRef, tenant: { ref: user.tenantRef }, grants: user.grants };
}

async function stateAt(email: string, id: string, now: Date) {
  const { tokens } = await listApiTokens({ ctx: later(now), input: { viewer: await viewerOf(email) } });
  return tokens.find((entry) => entry.id === id)?.state;
}

/** The runtime events route's status for a secret at a time: 401 when the token is refused. */
async function runtimeStatus(secret: string, now: Date): Promise<number> {
  const response = await RUNTIME_ROUTES.events(bearer(secret, { method: 'POST', body: '[]' }), {
    prisma: db.prisma,
    allowedOrigin: 'http://localhost',
    deps: { now: () => now },
  });
  return response.status;
}

async function createToken(email: string, tenantRef: string | null, permissions: string[], expiresInDays?: number) {
  const created = await console(email, 'tokens.create', { name: 'rotating', tenantRef, permissions, expiresInDays });
  expect(created.status).toBe(200);
  return created.body.result!.data as { id: string; secret: string; expiresAt: string | null };
}

describe('tokens.rotate over HTTP, for every persona', () => {
  it.each([
    ['bob rotates a Berlin token with memory permissions', 'bob@example.com', 'berlin', ['memories:read'], 200],
    ['olga rotates a Berlin events token', 'olga@example.com', 'berlin', ['events:write'], 200],
    ['olga may not rotate a memories token', 'olga@example.com', 'berlin', ['memories:read'], 403],
    ['alice, a member, sees no token', 'alice@example.com', 'berlin', ['events:write'], 404],
    ['hana, of Hamburg, sees no Berlin token', 'hana@example.com', 'berlin', ['events:write'], 404],
    ['bob cannot see an all-tenant metrics token', 'bob@example.com', null, ['metrics:read'], 404],
    ['gina rotates an all-tenant metrics token', 'gina@example.com', null, ['metrics:read'], 200],
  ] as const)('%s', async (_case, email, tenantRef, permissions, status) => {
    const token = await createToken('gina@example.com', tenantRef, [...permissions]);
    const before = await db.prisma.apiToken.count();
    const answer = await console(email, 'tokens.rotate', { id: token.id });
    expect(answer.status).toBe(status);
    const row = await db.prisma.apiToken.findUniqueOrThrow({ where: { id: token.id } });
    if (status === 200) {
      const { replacement, oldRetiresAt } = answer.body.result!.data;
      expect(replacement.secret).toMatch(/^mct_/);
      expect(replacement.secret).not.toBe(token.secret);
      expect(oldRetiresAt).toBe(at(24 * HOUR).toISOString());
      expect(row.replacedBy).toBe(replacement.id);
      expect(await db.prisma.apiToken.count()).toBe(before + 1);
      const audit = await db.prisma.auditEvent.findFirstOrThrow({
        where: { action: 'token.rotated', before: { path: ['tokenId'], equals: token.id } },
      });
      expect(audit.userId).toBe(await db.userId(email));
      expect(audit.after).toMatchObject({ tokenId: replacement.id });
      expect(JSON.stringify(audit)).not.toContain(replacement.secret);
    } else {
      expect(row.rotatedAt).toBeNull();
      expect(await db.prisma.apiToken.count()).toBe(before);
      expect(JSON.stringify(answer.body)).not.toContain('mct_');
    }
  });
});

describe('what the runtime answers a rotated or expired token', () => {
  it('accepts the old secret for 24 hours after a rotation and the new one from the start, then refuses the old one', async () => {
    const token = await createToken('olga@example.com', 'berlin', ['events:write']);
    expect(await runtimeStatus(token.secret, SEED_NOW)).not.toBe(401);
    const rotated = await console('olga@example.com', 'tokens.rotate', { id: token.id });
    const fresh = rotated.body.result!.data.replacement.secret as string;
    const accepted = await runtimeStatus(token.secret, SEED_NOW);
    expect(accepted).not.toBe(401);
    expect(await runtimeStatus(token.secret, at(24 * HOUR - 1))).toBe(accepted);
    expect(await runtimeStatus(token.secret, at(24 * HOUR))).toBe(401);
    expect(await runtimeStatus(fresh, at(24 * HOUR))).toBe(accepted);
    // The row was not revoked by anyone: the refusal comes from comparing times.
    expect((await db.prisma.apiToken.findUniqueOrThrow({ where: { id: token.id } })).revokedAt).toBeNull();

    expect(await stateAt('olga@example.com', token.id, at(24 * HOUR - 1))).toBe('retiring');
    expect(await stateAt('olga@example.com', token.id, at(24 * HOUR))).toBe('retired');
  });

  it('refuses an expired token with 401, like a revoked one, and lists it as expired', async () => {
    const token = await createToken('bob@example.com', 'berlin', ['events:write'], 30);
    expect(token.expiresAt).toBe(at(30 * 24 * HOUR).toISOString());
    const accepted = await runtimeStatus(token.secret, at(30 * 24 * HOUR - 1));
    expect(accepted).not.toBe(401);
    expect(await runtimeStatus(token.secret, at(30 * 24 * HOUR))).toBe(401);
    expect(await stateAt('bob@example.com', token.id, at(30 * 24 * HOUR))).toBe('expired');
    // An expired token cannot be rotated back to life.
    const late = rotateApiToken({
      ctx: later(at(30 * 24 * HOUR)),
      input: { viewer: await viewerOf('bob@example.com'), id: token.id, password: 'demo' },
    });
    await expect(late).rejects.toMatchObject({ code: 'CONFLICT', details: { reason: 'TOKEN_INACTIVE' } });
  });

  it('keeps the lifetime on rotation and refuses an expiry out of range, naming the field', async () => {
    const token = await createToken('bob@example.com', 'berlin', ['events:write'], 10);
    const rotated = await rotateApiToken({
      ctx: later(at(2 * 24 * HOUR)),
      input: { viewer: await viewerOf('bob@example.com'), id: token.id, password: 'demo' },
    });
    expect(rotated.replacement.expiresAt).toEqual(at(12 * 24 * HOUR));
    for (const expiresInDays of [0, 731, 1.5]) {
      const refused = await console('bob@example.com', 'tokens.create', {
        name: 'x',
        tenantRef: 'berlin',
        permissions: ['events:write'],
        expiresInDays,
      });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('expiresInDays');
    }
  });

  it('answers a second rotation of the same token 409 and changes nothing', async () => {
    const token = await createToken('bob@example.com', 'berlin', ['events:write']);
    expect((await console('bob@example.com', 'tokens.rotate', { id: token.id })).status).toBe(200);
    const count = await db.prisma.apiToken.count();
    const again = await console('bob@example.com', 'tokens.rotate', { id: token.id });
    expect(again.status).toBe(409);
    expect(again.body.error.data.domain.reason).toBe('TOKEN_ALREADY_ROTATED');
    expect(await db.prisma.apiToken.count()).toBe(count);
  });
});

describe('two rotations of one token at once', () => {
  it('one wins with a new secret, the other is answered 409 and leaves no token behind', async () => {
    for (let round = 0; round < 5; round += 1) {
      const token = await createToken('gina@example.com', 'berlin', ['events:write']);
      const before = await db.prisma.apiToken.count();
      const auditsBefore = await db.prisma.auditEvent.count({ where: { action: 'token.rotated' } });
      const answers = await Promise.all([
        console('gina@example.com', 'tokens.rotate', { id: token.id }),
        console('bob@example.com', 'tokens.rotate', { id: token.id }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.status === 200)!.body.result!.data;
      const row = await db.prisma.apiToken.findUniqueOrThrow({ where: { id: token.id } });
      expect(row.replacedBy).toBe(winner.replacement.id);
      expect(await db.prisma.apiToken.count()).toBe(before + 1);
      expect(await db.prisma.auditEvent.count({ where: { action: 'token.rotated' } })).toBe(auditsBefore + 1);
      expect(await runtimeStatus(winner.replacement.secret as string, SEED_NOW)).not.toBe(401);
    }
  });
});
