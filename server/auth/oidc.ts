// The generic OpenID Connect provider, enabled when OIDC_ISSUER, OIDC_CLIENT_ID and
// OIDC_CLIENT_SECRET are all set.
import { configOf, type Env } from '../config/env';
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

export function oidcSettingsFromEnv(env?: Env): OidcSettings | null {
  const settings = configOf(env);
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = settings;
  if (!issuer || !clientId || !clientSecret) return null;
  return {
    issuer: issuer.replace(/\/$/, ''),
    clientId,
    clientSecret,
    name: settings.OIDC_NAME,
    provisionTenant: settings.OIDC_PROVISION_TENANT,
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
