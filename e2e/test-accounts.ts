// People only the e2e specs use, created by e2e/prepare-database.ts before the server starts, so
// changing a password or tripping the sign-in throttle never touches the personas' saved sessions.
export const SESSIONS_ACCOUNT = { email: 'e2e-sessions@example.com', name: 'Sam Sessions', password: 'first-password-1' };
export const THROTTLE_ACCOUNT = { email: 'e2e-throttle@example.com', name: 'Theo Throttle', password: 'throttle-password-1' };
/** Put in and out of a custom scope and given a role by e2e/access.spec.ts. */
export const ACCESS_ACCOUNT = { email: 'e2e-access@example.com', name: 'Ada Access', password: 'access-password-1' };
/** Forgets everything about themselves (e2e/my-memories-page.spec.ts), so no persona loses data. */
export const FORGET_ACCOUNT = { email: 'e2e-forget@example.com', name: 'Fran Forget', password: 'forget-password-1' };
export const E2E_ACCOUNTS = [
  { ...SESSIONS_ACCOUNT, actorRef: 'e2e-sessions' },
  { ...THROTTLE_ACCOUNT, actorRef: 'e2e-throttle' },
  { ...ACCESS_ACCOUNT, actorRef: 'e2e-access' },
  { ...FORGET_ACCOUNT, actorRef: 'e2e-forget' },
];
