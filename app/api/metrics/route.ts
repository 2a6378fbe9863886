import { getPrisma } from '@/server/db/client';
import { handleMetrics } from '@/server/http/metrics';
import { tokenRoute } from '@/server/http/request-slots';

export const dynamic = 'force-dynamic';

export const GET = tokenRoute('GET /api/metrics', async (request) => handleMetrics(request, { prisma: await getPrisma() }));
