import { handleAuditExport } from '@/server/http/audit-export';
import { nextRoute } from '@/server/http/next-route';

export const dynamic = 'force-dynamic';

export const GET = nextRoute(handleAuditExport);
