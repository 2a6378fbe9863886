// Who is asking, loaded from the database on every request: authority is never read from the JWT,
// and the session the JWT names must still be open.
import { administersAnything, operatesAnything, reachOf, resolveScopes, type GrantLike } from '../domain';
import { scopePrecedenceFromEnv } from '../config/scope-precedence';
import type { Prisma, PrismaClient } from '../db/generated/client';
import type { SqlRunner } from '../db/sql-runner';
import { checkSession, type SessionIdentity } from '../services/account/check-session';
import { readRows, type ServiceContext } from '../services/context';
import { parseJson } from '../services/memories/visible-winners-sql';
import {
  sessionViewerRowSchema,
  sessionViewerSql,
  viewerByActorWhere,
  viewerByIdWhere,
  viewerRowSchema,
  viewerSql,
  type ViewerRow,
} from './viewer-sql';

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

/**
 * The viewer for a signed-in user id, or null when the user is gone or disabled. One statement
 * (the user, their tenant, memberships in position order and grants), on the driver's pool when
 * `sql` is given: every request loads it, and each statement through Prisma costs milliseconds of
 * CPU (docs/architecture.md "Services").
 */
export async function loadViewer(prisma: PrismaClient, userId: string, sql?: SqlRunner): Promise<Viewer | null> {
  return viewerWhere(prisma, viewerByIdWhere(userId), 'viewer_by_id', sql);
}

/**
 * The viewer for a person of `tenantRef` named by their actorRef (never a system principal), or
 * null when there is none or they are disabled: the runtime acts for a person by actorRef, and
 * resolves their scopes on every turn (server/services/runtime/load-runtime-actor.ts).
 */
export async function loadActorViewer(
  prisma: PrismaClient,
  person: { tenantRef: string; actorRef: string },
  sql?: SqlRunner,
): Promise<Viewer | null> {
  return viewerWhere(prisma, viewerByActorWhere(person), 'viewer_by_actor', sql);
}

/** The one statement behind both: `where` picks at most one user; `name` keeps it prepared. */
async function viewerWhere(prisma: PrismaClient, where: Prisma.Sql, name: string, sql?: SqlRunner): Promise<Viewer | null> {
  const [user] = await readRows({ db: prisma, sql }, viewerSql(where), viewerRowSchema, { preparedAs: name });
  return user ? viewerOf(user) : null;
}

/** The viewer of a row viewerSql read, or null when the user is disabled. */
function viewerOf(user: ViewerRow): Viewer | null {
  if (user.disabled) return null;
  const memberships = parseJson<string[]>(user.memberships);
  const grants = parseJson<GrantLike[]>(user.grants);
  const reach = reachOf(grants);
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    actorRef: user.actorRef,
    tenant: {
      ref: user.tenantRef,
      name: user.tenantName,
      maxMemories: user.maxMemories,
      maxFactChars: user.maxFactChars,
    },
    memberships,
    grants,
    scopes: resolveScopes({ actorRef: user.actorRef, tenantRef: user.tenantRef, memberships }, scopePrecedenceFromEnv()),
    isAdmin: administersAnything(reach),
    isOperator: operatesAnything(reach),
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
export async function loadSessionViewer(ctx: ServiceContext<PrismaClient>, identity: SessionIdentity): Promise<SessionViewer | null> {
  // The session and its user in one statement: the first thing every signed-in request asks.
  const [row] = await readRows(ctx, sessionViewerSql(identity.sessionId), sessionViewerRowSchema, { preparedAs: 'session_viewer' });
  if (!row || !(await checkSession({ ctx, input: { ...identity, touch: true, row } }))) return null;
  const viewer = viewerOf(row);
  return viewer ? { ...viewer, sessionId: identity.sessionId } : null;
}
