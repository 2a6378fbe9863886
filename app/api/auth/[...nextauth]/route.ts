import NextAuth from 'next-auth';
import { NextRequest } from 'next/server';
import { getAuthOptions } from '@/server/auth/options';
import { trustProxyFromEnv } from '@/server/config/client-address';
import { getPrisma } from '@/server/db/client';
import { handleAuthRoute } from '@/server/http/sign-in-route';

export const dynamic = 'force-dynamic';

type RouteContext = { params: Promise<{ nextauth: string[] }> };

// Email + password sign-ins go through the throttle first (docs/sign-in-and-network.md); it hands
// next-auth the request next-auth is to read, which next-auth wants as a NextRequest.
// The one route not made with server/http/route.ts: next-auth answers in its own shapes (redirects,
// `{ url }` for its client, its error pages, not `{ error: { code, message } }`), there is no
// session or token to screen yet, and the throttle must read the form body itself, once, before
// next-auth does (sign-in-route.ts has its own body limit and 400/413 answers for that).
async function handler(req: NextRequest, context: RouteContext) {
  const params = await context.params;
  return handleAuthRoute(req, params.nextauth, (request) => NextAuth(getAuthOptions())(new NextRequest(request), { params }), {
    prisma: await getPrisma(),
    now: () => new Date(),
    trustProxy: trustProxyFromEnv(),
  });
}

export { handler as GET, handler as POST };
