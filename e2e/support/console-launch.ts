// What playwright.config.ts tells the consoles' launcher (e2e/support/start-consoles.ts) to start,
// as JSON in one environment variable.
export interface ConsoleLaunch {
  url: string;
  env: Record<string, string>;
  /**
   * `e2e`: e2e/prepare-database.ts; `none`: a copy made by the `e2e` one. Either way ready when the
   * console starts, so it starts with the server command `npm start` ends with
   * (server/startup/server-command.ts). `own`: migrated (and, if new, seeded) as `npm start` would,
   * and started through `npm start` itself, as a newcomer starts it.
   */
  database: 'e2e' | 'own' | 'none';
  last?: boolean;
}

export const LAUNCH_VARIABLE = 'E2E_CONSOLE_LAUNCH';
