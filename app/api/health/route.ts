import { getDatabase } from '@/server/db/client';
import { handleHealth } from '@/server/http/health';

export const dynamic = 'force-dynamic';

export const GET = () => handleHealth(getDatabase);
