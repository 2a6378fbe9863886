// Graceful shutdown (docs/operations.md "Stopping an instance") on a real HTTP server in this
// process: told to stop during a burst, it reports draining at once, answers every request it
// accepted, stops accepting, waits for the job runner, and exits within its deadline.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { isDraining, shutDown } from './graceful-shutdown';

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
  (globalThis as unknown as Record<symbol, unknown>)[Symbol.for('memory-console.shutdown')] = { draining: false };
});

/** A server whose requests take `ms`; /ready answers 503 while draining, as /api/health/ready does. */
async function slowServer(ms: number): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    if (req.url === '/ready') {
      res.writeHead(isDraining() ? 503 : 200).end();
      return;
    }
    setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('done'), ms);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

type Outcome = { status: number; body: string } | { refused: string };

function get(port: number, path: string, agent = false as const): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', (error) => resolve({ refused: `mid-response: ${error.message}` }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ refused: error.code ?? error.message }));
    req.end();
  });
}

describe('shutDown', () => {
  it('answers every request accepted before and during the drain, refuses new connections after it, and waits for the job runner', async () => {
    const { server, port } = await slowServer(300);
    const before = Array.from({ length: 10 }, () => get(port, '/work'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    let jobsStopped = false;
    let exitCode: number | null = null;
    const started = Date.now();
    const done = shutDown({
      servers: [server],
      drainMs: 200,
      stopJobs: () => new Promise<void>((resolve) => setTimeout(() => ((jobsStopped = true), resolve()), 400)),
      log: () => {},
      exit: (code) => (exitCode = code),
    });
    expect(isDraining()).toBe(true);
    expect(await get(port, '/ready')).toEqual({ status: 503, body: '' });
    const during = Array.from({ length: 5 }, () => get(port, '/work'));
    const [answeredBefore, answeredDuring] = await Promise.all([Promise.all(before), Promise.all(during)]);
    expect(answeredBefore).toEqual(Array(10).fill({ status: 200, body: 'done' }));
    expect(answeredDuring).toEqual(Array(5).fill({ status: 200, body: 'done' }));
    expect(await done).toBe(0);
    expect(exitCode).toBe(0);
    expect(jobsStopped).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
    // Not listening any more: a new connection is refused, never accepted and dropped.
    expect(await get(port, '/work')).toEqual({ refused: 'ECONNREFUSED' });
  });

  it('exits with 1 at its deadline when a request or the job runner does not finish', async () => {
    const { server, port } = await slowServer(5_000);
    const hanging = get(port, '/work');
    await new Promise((resolve) => setTimeout(resolve, 50));
    let exitCode: number | null = null;
    const started = Date.now();
    const code = await shutDown({
      servers: [server],
      drainMs: 0,
      deadlineMs: 300,
      stopJobs: () => new Promise<void>(() => {}),
      log: () => {},
      exit: (c) => (exitCode = c),
    });
    expect(code).toBe(1);
    expect(exitCode).toBe(1);
    expect(Date.now() - started).toBeLessThan(1_000);
    server.closeAllConnections();
    expect(await hanging).toMatchObject({ refused: expect.any(String) as string });
  });
});
