// What the test OpenID Connect provider knows, shared by the provider script, the Playwright
// configuration and the single-sign-on specs.

export interface OidcAccount {
  /** What the person types into the provider's sign-in form (the OIDC subject). */
  login: string;
  /** Left out of the ID token when absent, as some providers do. */
  email?: string;
  name: string;
}

export const OIDC_CLIENT = { id: 'memory-console-e2e', secret: 'e2e-only-client-secret' } as const;

/** Label of the console's SSO button (OIDC_NAME). */
export const OIDC_BUTTON_NAME = 'Example ID';

export const OIDC_ACCOUNTS = [
  /** Matched by email to the demo end user Alice. */
  { login: 'alice', email: 'alice@example.com', name: 'Alice A. (Example ID)' },
  /** An email no console knows: refused, unless the console provisions newcomers. */
  { login: 'stranger', email: 'stranger@elsewhere.example', name: 'Sam Stranger' },
  /** Unknown too; used on the provisioning console only, so it is created exactly there. */
  { login: 'newcomer', email: 'nora.newcomer@example.com', name: 'Nora Newcomer' },
  /** Shares no email address, so no console can match or create them. */
  { login: 'no-email', name: 'Nemo Noemail' },
] as const satisfies readonly OidcAccount[];

export type OidcLogin = (typeof OIDC_ACCOUNTS)[number]['login'];

export function oidcAccount(login: OidcLogin): OidcAccount {
  return OIDC_ACCOUNTS.find((account) => account.login === login)!;
}
