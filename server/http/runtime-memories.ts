// POST /api/runtime/memories/{list,write,forget,search} (docs/runtime-api.md "The runtime's memory
// API"): a bearer token of one organisation, a JSON body validated by the shared schemas (unknown
// fields refused), one service per action. Errors are `{ error: { code, message } }`, never
// database text.
import type { z } from 'zod';
import type { TokenPermission } from '../domain';
import { DomainError } from '../errors/domain-error';
import { problemsSentence } from '../errors/error-bounds';
import { toRuntimeRecord } from '../runtime/record-fields';
import {
  forgetRequestSchema,
  listRequestSchema,
  searchRequestSchema,
  writeRequestSchema,
} from '../runtime/schemas';
import { serviceContext, type ServiceContext } from '../services/context';
import { forgetRuntimeMemory } from '../services/runtime/forget-runtime-memory';
import { listRuntimeMemories } from '../services/runtime/list-runtime-memories';
import { searchRuntimeMemories } from '../services/runtime/search-runtime-memories';
import { writeRuntimeMemory } from '../services/runtime/write-runtime-memory';
import type { PrismaClient } from '../db/generated/client';
import type { AuthenticatedToken } from '../services/tokens/authenticate-api-token';
import { requireBearerToken } from './bearer-token';
import { errorResponse, jsonError, jsonResponse } from './json-response';
import { screenRestRequest } from './request-guard';
import type { RuntimeRequestContext } from './runtime-events';

export type RuntimeMemoriesContext = RuntimeRequestContext;

export const RUNTIME_MEMORIES_BODY_LIMIT_BYTES = 64 * 1024;

interface Action<S extends z.ZodType> {
  permission: TokenPermission;
  schema: S;
  run: (ctx: ServiceContext<PrismaClient>, token: AuthenticatedToken, body: z.infer<S>) => Promise<Response>;
}

function action<S extends z.ZodType>(definition: Action<S>): Action<S> {
  return definition;
}

export const RUNTIME_MEMORY_ACTIONS = {
  list: action({
    permission: 'memories:read',
    schema: listRequestSchema,
    run: async (ctx, token, body) => {
      const records = await listRuntimeMemories({ ctx, input: { tokenTenantRef: token.tenantRef, scopes: body.scopes } });
      return jsonResponse({ records: records.map(toRuntimeRecord) });
    },
  }),
  write: action({
    permission: 'memories:write',
    schema: writeRequestSchema,
    run: async (ctx, token, body) => {
      const { record, changed } = await writeRuntimeMemory({ ctx, input: { tokenTenantRef: token.tenantRef, ...body } });
      return jsonResponse({ record: toRuntimeRecord(record), changed });
    },
  }),
  forget: action({
    permission: 'memories:write',
    schema: forgetRequestSchema,
    run: async (ctx, token, body) => {
      await forgetRuntimeMemory({ ctx, input: { tokenTenantRef: token.tenantRef, tokenId: token.id, ...body } });
      return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
    },
  }),
  search: action({
    permission: 'memories:read',
    schema: searchRequestSchema,
    run: async (ctx, token, body) => {
      const { records, ranking } = await searchRuntimeMemories({ ctx, input: { tokenTenantRef: token.tenantRef, ...body } });
      return jsonResponse({ records: records.map(toRuntimeRecord), ranking });
    },
  }),
} as const;

export type RuntimeMemoryAction = keyof typeof RUNTIME_MEMORY_ACTIONS;

export function isRuntimeMemoryAction(name: string): name is RuntimeMemoryAction {
  return Object.hasOwn(RUNTIME_MEMORY_ACTIONS, name);
}

/** Each problem as "field: what is wrong", so the message names the field and its limit (the first few, then how many more). */
function describeIssues(error: z.ZodError): string {
  return problemsSentence(error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })));
}

/** The quota refusal has a code of its own, so the runtime can tell it apart from other conflicts. */
function refusal(error: unknown, where: string): Response {
  if (error instanceof DomainError && error.details.reason === 'QUOTA_EXCEEDED') {
    return jsonResponse({ error: { code: 'QUOTA_EXCEEDED', message: error.message, reason: 'QUOTA_EXCEEDED' } }, 409);
  }
  return errorResponse(error, where);
}

export async function handleRuntimeMemories(name: RuntimeMemoryAction, request: Request, context: RuntimeMemoriesContext): Promise<Response> {
  const endpoint: Action<z.ZodType> = RUNTIME_MEMORY_ACTIONS[name] as Action<z.ZodType>;
  const ctx = serviceContext(context.prisma, context.deps);
  const auth = await requireBearerToken(request, ctx, endpoint.permission);
  if ('refused' in auth) return auth.refused;
  const screened = await screenRestRequest(request, { allowedOrigin: context.allowedOrigin, maxBodyBytes: RUNTIME_MEMORIES_BODY_LIMIT_BYTES });
  if (!screened.ok) return screened.response;
  let json: unknown;
  try {
    json = JSON.parse(await screened.request.text());
  } catch {
    return jsonError(400, 'INVALID', 'The body is not valid JSON. Send one JSON object.');
  }
  const parsed = endpoint.schema.safeParse(json);
  if (!parsed.success) return jsonError(400, 'INVALID', describeIssues(parsed.error));
  try {
    return await endpoint.run(ctx, auth.token, parsed.data);
  } catch (error) {
    return refusal(error, `POST /api/runtime/memories/${name}`);
  }
}
