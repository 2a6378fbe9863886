// People only the e2e specs use, created by e2e/prepare-database.ts before the server starts, so
// changing a password or tripping the sign-in throttle never touches the personas' saved sessions.
export const SESSIONS_ACCOUNT = { email: 'e2e-sessions@example.com', name: 'Sam Sessions', password: 'first-password-1' };
export const THROTTLE_ACCOUNT = { email: 'e2e-throttle@example.com', name: 'Theo Throttle', password: 'throttle-password-1' };
/** Put in and out of a custom scope and given a role by e2e/access.spec.ts. */
export const ACCESS_ACCOUNT = { email: 'e2e-access@example.com', name: 'Ada Access', password: 'access-password-1' };
/** Forgets everything about themselves (e2e/my-memories-page.spec.ts), so no persona loses data. */
export const FORGET_ACCOUNT = { email: 'e2e-forget@example.com', name: 'Fran Forget', password: 'forget-password-1' };
/** A Berlin person whose assistant guessed against shared values: "Keep mine" and "Use theirs" consume them. */
export const ROWS_ACCOUNT = { email: 'e2e-rows@example.com', name: 'Rita Rows', password: 'rows-password-1' };
export const E2E_ACCOUNTS = [
  { ...SESSIONS_ACCOUNT, actorRef: 'e2e-sessions' },
  { ...THROTTLE_ACCOUNT, actorRef: 'e2e-throttle' },
  { ...ACCESS_ACCOUNT, actorRef: 'e2e-access' },
  { ...FORGET_ACCOUNT, actorRef: 'e2e-forget' },
  { ...ROWS_ACCOUNT, actorRef: 'e2e-rows' },
];

/** The assistant's guesses about ROWS_ACCOUNT, each overriding a value for everyone or for Berlin. */
export const ROWS_ACCOUNT_GUESSES = [
  { key: 'fiscal-year', text: 'They report on the calendar year.' },
  { key: 'units', text: 'They think in miles.' },
  { key: 'expense-limit', text: 'They may spend 1000 EUR without approval.' },
  { key: 'data-retention', text: 'They keep customer names in notes.' },
];
