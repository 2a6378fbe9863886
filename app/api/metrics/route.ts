import { getPrisma } from '@/server/db/client';
import { handleMetrics } from '@/server/http/metrics';
import { withUnexpectedErrors } from '@/server/http/unexpected-error';

export const dynamic = 'force-dynamic';

export const GET = withUnexpectedErrors('GET /api/metrics', async (request: Request) => handleMetrics(request, { prisma: await getPrisma() }));
