import NextAuth from 'next-auth';
import { getAuthOptions } from '@/server/auth/options';

export const dynamic = 'force-dynamic';

type RouteContext = { params: Promise<{ nextauth: string[] }> };

async function handler(req: Request, context: RouteContext) {
  return NextAuth(getAuthOptions())(req, { params: await context.params });
}

export { handler as GET, handler as POST };
