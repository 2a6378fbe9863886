// Makes a one-time sign-in link for a person (an invite or a password reset): the secret goes back
// once, the database keeps its SHA-256. Earlier unused links of the person stop working.
import { hashTokenSecret, randomSecret } from '../../auth/api-token-secret';
import { signInLinkExpiresAt } from '../../domain';
import type { ServiceCall } from '../context';

export interface IssueSignInLinkInput {
  userId: string;
  kind: 'invite' | 'reset';
  createdBy: string;
}

/** The path a link opens; the page adds nothing else to it. */
export function signInLinkPath(secret: string): string {
  return `/welcome/${secret}`;
}

/** Call inside the change's transaction. */
export async function issueSignInLink({ ctx, input }: ServiceCall<IssueSignInLinkInput>) {
  const now = ctx.now();
  await ctx.db.signInLink.updateMany({ where: { userId: input.userId, usedAt: null }, data: { usedAt: now } });
  const secret = randomSecret();
  const link = await ctx.db.signInLink.create({
    data: {
      id: ctx.newId('lnk'),
      userId: input.userId,
      kind: input.kind,
      tokenHash: hashTokenSecret(secret),
      createdBy: input.createdBy,
      createdAt: now,
      expiresAt: signInLinkExpiresAt(now),
    },
  });
  return { path: signInLinkPath(secret), expiresAt: link.expiresAt.toISOString() };
}
