import { getSessionIdentity } from '@/server/auth/session';
import { getPrisma } from '@/server/db/client';
import { handleAuditExport } from '@/server/http/audit-export';
import { CONSOLE_BODY_LIMIT_BYTES } from '@/server/http/body-limit';
import { consoleOrigin } from '@/server/http/console-origin';
import { guardRestRequest } from '@/server/http/request-guard';
import { sessionRoute } from '@/server/http/request-slots';

export const dynamic = 'force-dynamic';

export const GET = sessionRoute('GET /api/audit/export', getSessionIdentity, async (request, session) => {
  const refused = await guardRestRequest(request, { allowedOrigin: consoleOrigin(request.url), maxBodyBytes: CONSOLE_BODY_LIMIT_BYTES });
  if (refused) return refused;
  return handleAuditExport(request, { session, prisma: await getPrisma() });
});
