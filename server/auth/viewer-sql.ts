// The statement that loads a viewer (viewer.ts): the user, their tenant, memberships and grants,
// with the conditions that pick the user and the schema of its row.
import { z } from 'zod';
import { Prisma } from '../db/generated/client';
import { sessionRowSchema } from '../services/account/check-session-sql';

/** A user with their tenant's settings, memberships and grants (JSON arrays). */
export const viewerRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  actorRef: z.string(),
  tenantRef: z.string(),
  disabled: z.boolean(),
  tenantName: z.string(),
  maxMemories: z.number(),
  maxFactChars: z.number(),
  memberships: z.unknown(),
  grants: z.unknown(),
});
export type ViewerRow = z.infer<typeof viewerRowSchema>;

/** The user `userId`. */
export function viewerByIdWhere(userId: string): Prisma.Sql {
  return Prisma.sql`u."id" = ${userId}`;
}

/** The person of `tenantRef` named by `actorRef` (never a system principal). */
export function viewerByActorWhere(person: { tenantRef: string; actorRef: string }): Prisma.Sql {
  return Prisma.sql`u."tenantRef" = ${person.tenantRef} AND u."actorRef" = ${person.actorRef} AND NOT u."system"`;
}

const VIEWER_COLUMNS = Prisma.sql`u."id", u."email", u."name", u."actorRef", u."tenantRef", u."disabled",
      t."name" AS "tenantName", t."maxMemories", t."maxFactChars",
      COALESCE((SELECT json_agg(ms."scopeToken" ORDER BY ms."position", ms."scopeToken") FROM "scope_membership" ms WHERE ms."userId" = u."id"), '[]'::json) AS "memberships",
      COALESCE((SELECT json_agg(json_build_object('scope', g."scope", 'role', g."role")) FROM "grant" g WHERE g."userId" = u."id"), '[]'::json) AS "grants"`;

/** The user `where` picks (at most one), with their tenant, memberships in position order and grants. */
export function viewerSql(where: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`SELECT ${VIEWER_COLUMNS} FROM "user" u JOIN "tenant" t ON t."ref" = u."tenantRef" WHERE ${where}`;
}

/** A session's row (sessionRowSchema) and its user's as viewerSql reads it. */
export const sessionViewerRowSchema = viewerRowSchema.extend(sessionRowSchema.shape);

/**
 * The session `sessionId` with the viewer of its user, if both exist: what every signed-in request
 * asks first, in one round trip instead of two (docs/architecture.md "Services").
 */
export function sessionViewerSql(sessionId: string): Prisma.Sql {
  return Prisma.sql`SELECT s."userId", s."lastSeenAt", s."expiresAt", s."revokedAt", ${VIEWER_COLUMNS}
    FROM "user_session" s JOIN "user" u ON u."id" = s."userId" JOIN "tenant" t ON t."ref" = u."tenantRef" WHERE s."id" = ${sessionId}`;
}
