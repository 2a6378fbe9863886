// Prisma CLI configuration. The URL is only read by migrate commands (which need Prisma's
// engines); `prisma generate` must work with no database configured, so it falls back to a dummy.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/unused' },
});
