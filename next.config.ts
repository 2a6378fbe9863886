import type { NextConfig } from 'next';
import { API_CONTENT_SECURITY_POLICY, securityHeaders } from './server/http/security-headers';

// The runtime's read-back, its hottest path, skips proxy.ts (its matcher says why), so its
// security headers (docs/security.md "Headers on every answer") are the same ones, set here for
// every answer on the path; HSTS when reached over https behind a proxy, as proxy.ts decides for
// everything else.
const READ_BACK_PATH = '/agent/memories';
const asList = (headers: Record<string, string>) => Object.entries(headers).map(([key, value]) => ({ key, value }));
const plainHeaders = securityHeaders({ https: false });
const httpsOnlyHeaders = Object.fromEntries(Object.entries(securityHeaders({ https: true })).filter(([name]) => !(name in plainHeaders)));

const nextConfig: NextConfig = {
  // PGlite loads its WASM and data files from its own package folder at run time; bundling it
  // breaks those paths (the build passes, the first query fails). @node-rs/bcrypt loads a native
  // binary for the platform, which must not be bundled either.
  serverExternalPackages: ['@electric-sql/pglite', 'pglite-prisma-adapter', 'pg', '@node-rs/bcrypt'],
  poweredByHeader: false,
  // Answers are compressed by the server `npm start` runs, at a cheaper level than Next's own
  // (server/startup/compress-responses.cjs).
  compress: false,
  // proxy.ts sees the URL the server was asked for. Otherwise Next hands it a copy whose loopback
  // host (127.0.0.1, as `npm start` listens by default: server/startup/server-command.ts) reads
  // "localhost", and its own rewrite to /api/undecodable-path then counts as one to another host:
  // Next fetches it over HTTP, without the header proxy.ts set (a 404 instead of the route's answer).
  skipProxyUrlNormalize: true,
  typedRoutes: false,
  // `npm test` type-checks the whole project, Next's route types included (`next typegen`, then
  // `tsc`), before it starts the end-to-end tests, which build the app: it says so in this
  // variable, and the build skips checking the same files a second time. Any other build checks.
  typescript: { ignoreBuildErrors: process.env.MEMORY_CONSOLE_TYPECHECKED === '1' },
  headers: async () => [
    { source: READ_BACK_PATH, headers: asList({ 'content-security-policy': API_CONTENT_SECURITY_POLICY, ...plainHeaders }) },
    { source: READ_BACK_PATH, has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https' }], headers: asList(httpsOnlyHeaders) },
  ],
};

export default nextConfig;
