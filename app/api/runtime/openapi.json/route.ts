import { jsonResponse } from '@/server/http/json-response';
import { runtimeOpenApiDocument } from '@/server/runtime/openapi';

export const dynamic = 'force-static';

export function GET() {
  return jsonResponse(runtimeOpenApiDocument());
}
