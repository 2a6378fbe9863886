// Checks `npm start` and `npm run dev` run before anything else (before building, migrating or
// seeding), so a configuration mistake stops start-up at once with a message naming the variable
// to change, instead of a server that says "Ready" and then answers 500.
import { createServer } from 'node:net';
import { resolveAuthSecret } from '../auth/secret';
import { ConfigError, configOf, type Env } from '../config/env';

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

/** Resolves when something may listen on `port` (as `next start` does: every interface); `variable` is the setting to change. */
export function checkPortFree(port: number, variable = 'PORT'): Promise<void> {
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
    probe.listen(port, () => probe.close(() => resolve()));
  });
}
