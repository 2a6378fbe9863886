// The statement that reads a session for its check (check-session.ts), and the schema of its row.
import { z } from 'zod';
import { Prisma } from '../../db/generated/client';

/** What decideSession judges of a session. */
export const sessionRowSchema = z.object({ userId: z.string(), lastSeenAt: z.date(), expiresAt: z.date(), revokedAt: z.date().nullable() });
export type SessionRow = z.infer<typeof sessionRowSchema>;

/** The session `sessionId`, if it exists. */
export function sessionSql(sessionId: string): Prisma.Sql {
  return Prisma.sql`SELECT "userId", "lastSeenAt", "expiresAt", "revokedAt" FROM "user_session" WHERE "id" = ${sessionId}`;
}
