// next-auth configuration: email + password always, OpenID Connect when configured. The JWT holds
// only the user id and the id of its session row; everything about authority is loaded from the
// database per request, and a session that has ended (docs/operations.md "Sessions") lets nobody in.
import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { headers } from 'next/headers';
import { SESSION_MAX_AGE_MS } from '../domain';
import { getPrisma } from '../db/client';
import { addressedConsoleOrigin, requestOriginOf } from '../http/console-origin';
import { sameOriginRedirect } from '../http/safe-redirect';
import { checkSession } from '../services/account/check-session';
import { isCountedSignIn } from './counted-sign-in';
import { revokeSession } from '../services/account/revoke-session';
import { startSession } from '../services/account/start-session';
import { serviceContext } from '../services/context';
import { provisionOidcUser } from '../services/users/provision-oidc-user';
import { verifyCredentials } from '../services/users/verify-credentials';
import { oidcProvider, oidcSettingsFromEnv, OIDC_PROVIDER_ID } from './oidc';
import { resolveAuthSecret } from './secret';

export const SIGN_IN_PATH = '/signin';
/** Sign-in error code when the console itself fails (e.g. its database is unavailable). */
export const SIGN_IN_UNAVAILABLE = 'Unavailable';

/** Thrown by the jwt callback for a cookie whose session has ended; next-auth then clears it. */
const SESSION_ENDED = 'SESSION_ENDED';

async function requestUserAgent(): Promise<string | null> {
  try {
    return (await headers()).get('user-agent');
  } catch {
    return null; // outside a request (never in the app)
  }
}

/**
 * next-auth's credentials check. Only the e-mail the sign-in throttle counted for this request is
 * checked: a second guard behind the throttle's own reading of the body (server/http/sign-in-route.ts).
 */
export async function authorizeCredentials(credentials: Record<'email' | 'password', string> | undefined) {
  if (!credentials?.email || !credentials.password) return null;
  if (!isCountedSignIn(credentials.email)) {
    console.error('[auth] refused a password check for an e-mail the sign-in throttle did not count');
    return null;
  }
  try {
    return await verifyCredentials({
      ctx: serviceContext(await getPrisma()),
      input: { email: credentials.email, password: credentials.password },
    });
  } catch (error) {
    // next-auth puts a thrown message into the redirect URL: log the cause here and send
    // only a fixed code, never a folder path, pid or database text.
    console.error('[auth] sign-in failed:', error);
    throw new Error(SIGN_IN_UNAVAILABLE, { cause: error });
  }
}

/** The console's origin as this request addressed it (its loopback name, on this machine), else `baseUrl`. */
async function requestConsoleOrigin(baseUrl: string): Promise<string> {
  try {
    return addressedConsoleOrigin(requestOriginOf(await headers()));
  } catch {
    return baseUrl; // outside a request (never in the app)
  }
}

let cached: NextAuthOptions | undefined;

export function getAuthOptions(): NextAuthOptions {
  if (cached) return cached;
  const oidc = oidcSettingsFromEnv();
  cached = {
    secret: resolveAuthSecret(),
    // The cookie may live as long as a session can; the session row decides earlier ends (8 hours
    // idle, sign-out, revocation), since pages cannot renew the cookie as they are used.
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_MS / 1000 },
    pages: { signIn: SIGN_IN_PATH, error: SIGN_IN_PATH },
    providers: [
      CredentialsProvider({
        id: 'credentials',
        name: 'Email and password',
        credentials: {
          email: { label: 'Email', type: 'email' },
          password: { label: 'Password', type: 'password' },
        },
        authorize: authorizeCredentials,
      }),
      ...(oidc ? [oidcProvider(oidc)] : []),
    ],
    callbacks: {
      async signIn({ user, account }) {
        if (account?.provider !== OIDC_PROVIDER_ID) return true;
        if (!user.email) return `${SIGN_IN_PATH}?error=OidcNoEmail`;
        const known = await provisionOidcUser({
          ctx: serviceContext(await getPrisma()),
          input: { email: user.email, name: user.name ?? user.email, provisionTenant: oidc?.provisionTenant },
        });
        return known ? true : `${SIGN_IN_PATH}?error=OidcUnknownUser`;
      },
      async jwt({ token, user, account }) {
        const ctx = serviceContext(await getPrisma());
        if (!user) {
          // Every read of the cookie (including /api/auth/session, which re-issues it) checks its
          // session row, so a signed-out, revoked or expired cookie is cleared, not extended.
          const open =
            token.sub && token.sid && (await checkSession({ ctx, input: { userId: token.sub, sessionId: token.sid, touch: false } }));
          if (!open) throw new Error(SESSION_ENDED);
          return token;
        }
        if (account?.provider === OIDC_PROVIDER_ID) {
          // The OIDC subject is the provider's id; ours is found by email.
          const local = await ctx.db.user.findUnique({ where: { email: user.email!.toLowerCase() } });
          if (!local || local.system) throw new Error(SESSION_ENDED);
          token.sub = local.id;
        } else {
          token.sub = user.id;
        }
        token.sid = await startSession({ ctx, input: { userId: token.sub, userAgent: await requestUserAgent() } });
        return token;
      },
      // After sign-in or sign-out: only somewhere on the console itself (docs/security.md), and
      // under the name the browser used for it (docs/sign-in-and-network.md "One origin on this machine").
      async redirect({ url, baseUrl }) {
        const origin = await requestConsoleOrigin(baseUrl);
        return sameOriginRedirect(url, origin, origin);
      },
      async session({ session, token }) {
        if (session.user && token.sub) session.user.id = token.sub;
        if (token.sid) session.sessionId = token.sid;
        return session;
      },
    },
    events: {
      async signOut({ token }) {
        if (token?.sid) await revokeSession({ ctx: serviceContext(await getPrisma()), input: { sessionId: token.sid } });
      },
    },
    logger: {
      error(code, metadata) {
        // An ended session is an expected outcome, not an error worth a stack trace.
        const message = metadata instanceof Error ? metadata.message : (metadata as { message?: string } | undefined)?.message;
        if (code === 'JWT_SESSION_ERROR' && message === SESSION_ENDED) return;
        console.error(`[next-auth][error][${code}]`, metadata);
      },
      warn(code) {
        console.warn(`[next-auth][warn][${code}]`);
      },
      debug() {},
    },
  };
  return cached;
}
