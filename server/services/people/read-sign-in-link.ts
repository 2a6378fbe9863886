// What the welcome page shows for a one-time link (docs/concepts.md "People and access"): whether it
// still works, and for whom. Who it was for is told only while it works.
import { hashTokenSecret } from '../../auth/api-token-secret';
import { signInLinkState } from '../../domain';
import type { ServiceCall } from '../context';

export interface ReadSignInLinkInput {
  token: string;
}

export type SignInLinkStatus =
  { state: 'valid'; kind: 'invite' | 'reset'; email: string; name: string; expiresAt: string } | { state: 'used' | 'expired' | 'unknown' };

export async function readSignInLink({ ctx, input }: ServiceCall<ReadSignInLinkInput>): Promise<SignInLinkStatus> {
  const link = await ctx.db.signInLink.findUnique({
    where: { tokenHash: hashTokenSecret(input.token) },
    include: { user: { select: { email: true, name: true, disabled: true } } },
  });
  if (!link || link.user.disabled) return { state: 'unknown' };
  const state = signInLinkState(link, ctx.now());
  if (state !== 'valid') return { state };
  return { state, kind: link.kind, email: link.user.email, name: link.user.name, expiresAt: link.expiresAt.toISOString() };
}
