// Checks `npm start` and `npm run dev` run before anything else (before building, migrating or
// seeding), so a configuration mistake stops start-up at once with a message naming the variable
// to change, instead of a server that says "Ready" and then answers 500.
import { createServer } from 'node:net';
import { resolveAuthSecret } from '../auth/secret';
import { ConfigError, configOf, type Config, type Env } from '../config/env';
import { loadEnvFiles } from '../config/env-files';

export class StartupCheckError extends Error {
  override name = 'StartupCheckError';
}

export const DEFAULT_PORT = 3000;

/** The whole configuration, checked first: a StartupCheckError naming each bad variable. */
export function checkConfig(env?: Env) {
  try {
    return configOf(env);
  } catch (error) {
    if (error instanceof ConfigError) throw new StartupCheckError(error.message);
    throw error;
  }
}

/** PORT as a TCP port number; a clear error naming PORT when it is not one. */
export function portFromEnv(env?: Env): number {
  return checkConfig(env).PORT;
}

/**
 * The session secret the server will use. Production on PostgreSQL needs NEXTAUTH_SECRET; the
 * server reads it only on the first request, so without this check it would start and then fail.
 */
export function checkAuthSecret(env: Env, mode: 'production' | 'development'): void {
  try {
    resolveAuthSecret({ ...env, NODE_ENV: mode });
  } catch (error) {
    throw new StartupCheckError((error as Error).message);
  }
}

export interface LaunchEnvironment {
  settings: Config;
  /** What the launcher hands to everything it starts: PORT and NEXTAUTH_URL filled in. */
  env: NodeJS.ProcessEnv;
  /** The .env files read, if any. */
  envFiles: string[];
}

/**
 * The configuration `npm start` (or `npm run dev`: `dev`) runs with: the process's environment plus
 * the project's .env files in `root`, read as the server reads them (server/config/env-files.ts),
 * then every variable and the session secret checked. A StartupCheckError names what is wrong.
 */
export function launchEnvironment(root: string, dev: boolean): LaunchEnvironment {
  const envFiles = loadEnvFiles(root, dev);
  // As the server will read it: `next start` runs with NODE_ENV=production.
  const settings = checkConfig(dev ? process.env : { ...process.env, NODE_ENV: 'production' });
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(settings.PORT) };
  // next-auth builds its redirects from NEXTAUTH_URL; without it they point at port 3000.
  env.NEXTAUTH_URL = settings.NEXTAUTH_URL ?? `http://localhost:${settings.PORT}`;
  checkAuthSecret(env, dev ? 'development' : 'production');
  return { settings, env, envFiles };
}

/** Resolves when something may listen on `port` at `host` (as `next start --hostname` will); `variable` is the setting to change. */
export function checkPortFree(port: number, host: string, variable = 'PORT'): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(new StartupCheckError(`Port ${port} is already in use. Stop what is using it, or set ${variable} to a free port.`));
      } else if (error.code === 'EACCES') {
        reject(new StartupCheckError(`Not allowed to listen on port ${port}. Set ${variable} to a port above 1023.`));
      } else {
        reject(new StartupCheckError(`Cannot listen on port ${port} (${error.code ?? error.message}). Set ${variable} to another port.`));
      }
    });
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}
