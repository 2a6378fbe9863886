import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // PGlite loads its WASM and data files from its own package folder at run time; bundling it
  // breaks those paths (the build passes, the first query fails). @node-rs/bcrypt loads a native
  // binary for the platform, which must not be bundled either.
  serverExternalPackages: ['@electric-sql/pglite', 'pglite-prisma-adapter', 'pg', '@node-rs/bcrypt'],
  poweredByHeader: false,
  typedRoutes: false,
  // `npm test` type-checks the whole project, Next's route types included (`next typegen`, then
  // `tsc`), before it starts the end-to-end tests, which build the app: it says so in this
  // variable, and the build skips checking the same files a second time. Any other build checks.
  typescript: { ignoreBuildErrors: process.env.MEMORY_CONSOLE_TYPECHECKED === '1' },
};

export default nextConfig;
