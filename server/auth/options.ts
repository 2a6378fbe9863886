// next-auth configuration: email + password always, OpenID Connect when configured. The JWT holds
// only the user id; everything about authority is loaded from the database per request.
import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { getPrisma } from '../db/client';
import { sameOriginRedirect } from '../http/safe-redirect';
import { provisionOidcUser } from '../services/users/provision-oidc-user';
import { verifyCredentials } from '../services/users/verify-credentials';
import { oidcProvider, oidcSettingsFromEnv, OIDC_PROVIDER_ID } from './oidc';
import { resolveAuthSecret } from './secret';

export const SIGN_IN_PATH = '/signin';
/** Sign-in error code when the console itself fails (e.g. its database is unavailable). */
export const SIGN_IN_UNAVAILABLE = 'Unavailable';

let cached: NextAuthOptions | undefined;

export function getAuthOptions(): NextAuthOptions {
  if (cached) return cached;
  const oidc = oidcSettingsFromEnv();
  cached = {
    secret: resolveAuthSecret(),
    session: { strategy: 'jwt', maxAge: 8 * 60 * 60 },
    pages: { signIn: SIGN_IN_PATH, error: SIGN_IN_PATH },
    providers: [
      CredentialsProvider({
        id: 'credentials',
        name: 'Email and password',
        credentials: {
          email: { label: 'Email', type: 'email' },
          password: { label: 'Password', type: 'password' },
        },
        authorize: async (credentials) => {
          if (!credentials?.email || !credentials.password) return null;
          try {
            return await verifyCredentials(await getPrisma(), credentials.email, credentials.password);
          } catch (error) {
            // next-auth puts a thrown message into the redirect URL: log the cause here and send
            // only a fixed code, never a folder path, pid or database text.
            console.error('[auth] sign-in failed:', error);
            throw new Error(SIGN_IN_UNAVAILABLE, { cause: error });
          }
        },
      }),
      ...(oidc ? [oidcProvider(oidc)] : []),
    ],
    callbacks: {
      async signIn({ user, account }) {
        if (account?.provider !== OIDC_PROVIDER_ID) return true;
        if (!user.email) return `${SIGN_IN_PATH}?error=OidcNoEmail`;
        const prisma = await getPrisma();
        const known = await provisionOidcUser(prisma, {
          email: user.email,
          name: user.name ?? user.email,
          provisionTenant: oidc?.provisionTenant,
        });
        return known ? true : `${SIGN_IN_PATH}?error=OidcUnknownUser`;
      },
      async jwt({ token, user, account }) {
        if (user && account?.provider === OIDC_PROVIDER_ID) {
          // The OIDC subject is the provider's id; ours is found by email.
          const prisma = await getPrisma();
          const local = await prisma.user.findUnique({ where: { email: user.email!.toLowerCase() } });
          if (local) token.sub = local.id;
        } else if (user) {
          token.sub = user.id;
        }
        return token;
      },
      // After sign-in or sign-out: only somewhere on the console itself (README "Security").
      redirect({ url, baseUrl }) {
        return sameOriginRedirect(url, baseUrl, baseUrl);
      },
      async session({ session, token }) {
        if (session.user && token.sub) session.user.id = token.sub;
        return session;
      },
    },
  };
  return cached;
}
