// The project's .env files (.env, .env.local, .env.production …), read by Next's own loader
// (@next/env) — the one `next start` and `next dev` use — into process.env, where env.ts reads
// them with everything else. `npm start` calls it before its checks and hands the result to what
// it starts, so the launcher, the database preparation and the server judge one configuration
// (docs/sign-in-and-network.md ".env files"). What the shell sets wins over the files, even an
// empty value. The loader marks process.env as read (__NEXT_PROCESSED_ENV), and a server started
// with it does not read the files again.
// A CommonJS bundle whose names Node cannot see from an ES module: through its default export.
import nextEnv from '@next/env';

const quiet = { info: () => {}, error: (...args: unknown[]) => console.error(...args) };

/**
 * Reads the files of `root` for a development (`dev`) or production server — test files when
 * NODE_ENV is "test", as Next does — into process.env, afresh on every call (the loader would
 * otherwise answer its first reading again); answers the names of the files read.
 */
export function loadEnvFiles(root: string, dev: boolean): string[] {
  return nextEnv.loadEnvConfig(root, dev, quiet, true).loadedEnvFiles.map((file) => file.path);
}
