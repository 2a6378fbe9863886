import { describe, expect, it } from 'vitest';
import { oidcProvider, oidcSettingsFromEnv } from './oidc';

describe('oidcSettingsFromEnv', () => {
  it('is off unless issuer, client id and secret are all set', () => {
    expect(oidcSettingsFromEnv({})).toBeNull();
    expect(oidcSettingsFromEnv({ OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'console' })).toBeNull();
  });

  it('reads the provider, its label and the provisioning tenant', () => {
    const settings = oidcSettingsFromEnv({
      OIDC_ISSUER: 'https://id.example.com/realms/acme/',
      OIDC_CLIENT_ID: 'console',
      OIDC_CLIENT_SECRET: 's3cret',
      OIDC_NAME: 'Acme SSO',
      OIDC_PROVISION_TENANT: 'berlin',
    });
    expect(settings).toEqual({
      issuer: 'https://id.example.com/realms/acme',
      clientId: 'console',
      clientSecret: 's3cret',
      name: 'Acme SSO',
      provisionTenant: 'berlin',
    });
    const provider = oidcProvider(settings!);
    expect(provider).toMatchObject({
      id: 'oidc',
      type: 'oauth',
      wellKnown: 'https://id.example.com/realms/acme/.well-known/openid-configuration',
      idToken: true,
    });
    expect(provider.profile!({ sub: 'abc', email: 'ann@example.com', name: 'Ann' }, {})).toEqual({
      id: 'abc',
      email: 'ann@example.com',
      name: 'Ann',
    });
  });
});
