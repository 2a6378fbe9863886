// What playwright.config.ts tells the consoles' launcher (e2e/support/start-consoles.ts) to start,
// as JSON in one environment variable.
export interface ConsoleLaunch {
  url: string;
  env: Record<string, string>;
  /** `e2e`: e2e/prepare-database.ts; `own`: migrated (and, if new, seeded) as `npm start` would; `none`: a copy made by the `e2e` one. */
  database: 'e2e' | 'own' | 'none';
  /**
   * `npm start`: as a newcomer starts the console, its checks and its database preparation first;
   * `server`: the same server command `npm start` ends with (server/startup/server-command.ts),
   * for a console whose database the launcher has already prepared.
   */
  via: 'npm start' | 'server';
  last?: boolean;
}

export const LAUNCH_VARIABLE = 'E2E_CONSOLE_LAUNCH';
