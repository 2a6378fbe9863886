// The generic OpenID Connect provider, enabled when OIDC_ISSUER, OIDC_CLIENT_ID and
// OIDC_CLIENT_SECRET are all set.
import type { Env } from '../db/config';
import type { OAuthConfig } from 'next-auth/providers/oauth';

export const OIDC_PROVIDER_ID = 'oidc';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  name: string;
  /** Tenant for people who sign in with an email the console does not know yet; unset refuses them. */
  provisionTenant?: string;
}

export function oidcSettingsFromEnv(env: Env = process.env): OidcSettings | null {
  const issuer = env.OIDC_ISSUER?.trim();
  const clientId = env.OIDC_CLIENT_ID?.trim();
  const clientSecret = env.OIDC_CLIENT_SECRET?.trim();
  if (!issuer || !clientId || !clientSecret) return null;
  return {
    issuer: issuer.replace(/\/$/, ''),
    clientId,
    clientSecret,
    name: env.OIDC_NAME?.trim() || 'Single sign-on',
    provisionTenant: env.OIDC_PROVISION_TENANT?.trim() || undefined,
  };
}

interface OidcProfile {
  sub: string;
  email?: string;
  name?: string;
  preferred_username?: string;
}

export function oidcProvider(settings: OidcSettings): OAuthConfig<OidcProfile> {
  return {
    id: OIDC_PROVIDER_ID,
    name: settings.name,
    type: 'oauth',
    wellKnown: `${settings.issuer}/.well-known/openid-configuration`,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    authorization: { params: { scope: 'openid email profile' } },
    idToken: true,
    checks: ['pkce', 'state'],
    profile: (profile) => ({
      id: profile.sub,
      email: profile.email ?? null,
      name: profile.name ?? profile.preferred_username ?? profile.email ?? null,
    }),
  };
}
