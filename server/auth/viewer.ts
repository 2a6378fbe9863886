// Who is asking, loaded from the database on every request: authority is never read from the JWT,
// and the session the JWT names must still be open.
import { resolveScopes } from '../domain';
import { scopePrecedenceFromEnv } from '../config/scope-precedence';
import type { PrismaClient } from '../db/generated/client';
import { checkSession, type SessionIdentity } from '../services/account/check-session';
import type { ServiceContext } from '../services/context';
import type { GrantLike } from './administers';

export interface Viewer {
  userId: string;
  email: string;
  name: string;
  actorRef: string;
  tenant: { ref: string; name: string; maxMemories: number; maxFactChars: number };
  /** Custom scope tokens the user belongs to, in configured order. */
  memberships: string[];
  grants: GrantLike[];
  /** Every scope that applies to this person, narrowest first (the one resolver). */
  scopes: string[];
  isAdmin: boolean;
  isOperator: boolean;
}

/** The viewer for a signed-in user id, or null when the user is gone or disabled. */
export async function loadViewer(prisma: PrismaClient, userId: string): Promise<Viewer | null> {
  const user = await prisma.user.findUnique({
    where: { id: userId },
    include: {
      tenant: true,
      memberships: { orderBy: [{ position: 'asc' }, { scopeToken: 'asc' }] },
      grants: true,
    },
  });
  if (!user || user.disabled) return null;
  const memberships = user.memberships.map((membership) => membership.scopeToken);
  const grants = user.grants.map((grant) => ({ scope: grant.scope, role: grant.role }));
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    actorRef: user.actorRef,
    tenant: {
      ref: user.tenant.ref,
      name: user.tenant.name,
      maxMemories: user.tenant.maxMemories,
      maxFactChars: user.tenant.maxFactChars,
    },
    memberships,
    grants,
    scopes: resolveScopes(
      { actorRef: user.actorRef, tenantRef: user.tenantRef, memberships },
      scopePrecedenceFromEnv(),
    ),
    isAdmin: grants.some((grant) => grant.role === 'admin'),
    isOperator: grants.some((grant) => grant.role === 'operator'),
  };
}

/** The viewer behind a signed-in request, with the session it came through. */
export interface SessionViewer extends Viewer {
  sessionId: string;
}

/**
 * The viewer for a session cookie, or null when its session has ended (signed out, revoked,
 * idle, past its absolute end) or its user is gone or disabled. Records "last seen" at most once
 * a minute.
 */
export async function loadSessionViewer(
  ctx: ServiceContext<PrismaClient>,
  identity: SessionIdentity,
): Promise<SessionViewer | null> {
  if (!(await checkSession({ ctx, input: { ...identity, touch: true } }))) return null;
  const viewer = await loadViewer(ctx.db, identity.userId);
  return viewer ? { ...viewer, sessionId: identity.sessionId } : null;
}
