// Loaded with `node --require` before `next start` (server/startup/server-command.ts): hands the
// console's own shutdown (server/startup/graceful-shutdown.ts, installed by instrumentation.ts) the
// HTTP servers Next creates, and turns off Next's SIGTERM/SIGINT handler, which closes the server
// and exits at once (NEXT_MANUAL_SIG_HANDLE). Until the console's handler is installed, a signal
// ends the process as before. Plain CommonJS: it runs before any TypeScript loader.
'use strict';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS preload
const http = require('node:http');

const SERVERS = Symbol.for('memory-console.http-servers');
const HANDLED = Symbol.for('memory-console.shutdown-installed');
globalThis[SERVERS] = globalThis[SERVERS] || [];
process.env.NEXT_MANUAL_SIG_HANDLE = '1';

const createServer = http.createServer;
http.createServer = function captureServer(...args) {
  const server = createServer.apply(this, args);
  globalThis[SERVERS].push(server);
  return server;
};

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (!globalThis[HANDLED]) process.exit(0);
  });
}
