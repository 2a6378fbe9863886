import NextAuth from 'next-auth';
import type { NextRequest } from 'next/server';
import { getAuthOptions } from '@/server/auth/options';
import { trustProxyFromEnv } from '@/server/config/client-address';
import { getPrisma } from '@/server/db/client';
import { handleAuthRoute } from '@/server/http/sign-in-route';

export const dynamic = 'force-dynamic';

type RouteContext = { params: Promise<{ nextauth: string[] }> };

// Email + password sign-ins go through the throttle first (docs/security.md "Signing in:
// throttling").
async function handler(req: NextRequest, context: RouteContext) {
  const params = await context.params;
  return handleAuthRoute(req, () => NextAuth(getAuthOptions())(req, { params }), {
    prisma: await getPrisma(),
    now: () => new Date(),
    trustProxy: trustProxyFromEnv(),
  });
}

export { handler as GET, handler as POST };
