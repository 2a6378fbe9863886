import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // PGlite loads its WASM and data files from its own package folder at run time; bundling it
  // breaks those paths (the build passes, the first query fails). @node-rs/bcrypt loads a native
  // binary for the platform, which must not be bundled either.
  serverExternalPackages: ['@electric-sql/pglite', 'pglite-prisma-adapter', 'pg', '@node-rs/bcrypt'],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
