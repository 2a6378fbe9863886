// `npm run demo:traffic` sends to the console of PORT, and a console that is not there is named as
// such, with what to do, instead of fetch's bare "fetch failed".
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { defaultConsoleUrl, postDemoBatch, unreachableMessage } from './demo-traffic';

/** A port nothing listens on: taken from the system, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('demo:traffic', () => {
  it('sends to the console of PORT, and to 3000 without one', () => {
    expect(defaultConsoleUrl({ PORT: '4312' })).toBe('http://localhost:4312');
    expect(defaultConsoleUrl({})).toBe('http://localhost:3000');
    expect(defaultConsoleUrl({ PORT: ' ' })).toBe('http://localhost:3000');
  });

  it('says no console answered, where, and how to point it elsewhere', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const error = await postDemoBatch(url, { tenantRef: 'berlin', secret: 'mct_x' }).then(
      () => null,
      (failure: unknown) => failure,
    );
    const message = unreachableMessage(url, error);
    expect(message).toContain(`no console answered at ${url} (ECONNREFUSED)`);
    expect(message).toContain('PORT=<port> npm run demo:traffic');
    expect(unreachableMessage(url, new Error('could not sign in'))).toBeNull();
  });
});
