// Serves one of the app's route handlers over plain node:http, without Next: the crash test
// (server/startup/crash-recovery.int.test.ts) kills this process mid-ingest. The handler is the
// route module Next serves (app/api/runtime/events/route.ts), opening the database from the
// environment (DATABASE_URL or MEMORY_CONSOLE_DATA_DIR) as the console does, so what is tested is
// the console's own ingest path and transaction; only Next's request plumbing is left out, which
// starts in a second instead of compiling for tens of seconds.
//
//   node --import tsx server/testing/route-server.ts <port>
import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import { POST } from '../../app/api/runtime/events/route';
import { getDatabase } from '../db/client';

const port = Number(process.argv[2]);

async function main() {
  await getDatabase();
  const server = createServer((incoming, outgoing) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === 'string') headers.set(name, value);
    const url = `http://127.0.0.1:${port}${incoming.url ?? '/'}`;
    const hasBody = incoming.method !== 'GET' && incoming.method !== 'HEAD';
    const request = new Request(url, {
      method: incoming.method,
      headers,
      ...(hasBody ? { body: Readable.toWeb(incoming) as ReadableStream, duplex: 'half' } : {}),
    } as RequestInit);
    const answer =
      incoming.url === '/api/runtime/events' && incoming.method === 'POST'
        ? POST(request)
        : Promise.resolve(new Response('not here', { status: 404 }));
    answer
      .then(async (response) => {
        outgoing.writeHead(response.status, Object.fromEntries(response.headers));
        outgoing.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch((error: unknown) => {
        outgoing.writeHead(500);
        outgoing.end(String(error));
      });
  });
  server.listen(port, '127.0.0.1', () => console.log(`ready on ${port}`));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
