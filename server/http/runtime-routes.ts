// The runtime API's routes (docs/runtime-api.md "The runtime's memory API"), made from its operations table
// (server/runtime/operations.ts): each operation is a route of an API token with the operation's
// permission and body limit (route.ts screens and answers refusals), whose JSON body is validated
// by the operation's schema (unknown fields refused) before its service runs. Errors are
// `{ error: { code, message } }`, never database text.
import type { z } from 'zod';
import type { TokenPermission } from '../domain';
import { problemsSentence } from '../errors/error-bounds';
import {
  RUNTIME_OPERATIONS,
  type JsonOperation,
  type QueryOperation,
  type RuntimeOperation,
  type RuntimeOperationName,
} from '../runtime/operations';
import { runtimeOpenApiDocument } from '../runtime/openapi';
import { jsonError, jsonResponse } from './json-response';
import { route, routeBySegment, type Route, type RouteCall } from './route';

/** Each problem as "field: what is wrong", so the message names the field and its limit (the first few, then how many more). */
function describeIssues(error: z.ZodError): string {
  return problemsSentence(error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })));
}

/** A JSON operation's work: its body parsed and validated, its service run, its answer in the status the table names. */
async function serveJson(
  operation: JsonOperation,
  { body, ctx, token, request }: RouteCall<`token:${TokenPermission}`, unknown>,
): Promise<Response> {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return jsonError(400, 'INVALID', 'The body is not valid JSON. Send one JSON object.');
  }
  const parsed = operation.request.safeParse(json);
  if (!parsed.success) return jsonError(400, 'INVALID', describeIssues(parsed.error));
  const answer = await operation.serve({ ctx, token, input: parsed.data, acceptEncoding: request.headers.get('accept-encoding') });
  if (answer instanceof Response) return answer;
  if (operation.success.status === 204) return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  return jsonResponse(answer, operation.success.status);
}

/** A GET's work: its query's parameters (each once) validated, then its service answers in full. */
async function serveQuery(
  operation: QueryOperation,
  { request, ctx, token }: RouteCall<`token:${TokenPermission}`, unknown>,
): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const repeated = [...new Set(params.keys())].filter((name) => params.getAll(name).length > 1);
  if (repeated.length > 0) return jsonError(400, 'INVALID', `${repeated[0]}: give it once.`);
  const parsed = operation.request.safeParse(Object.fromEntries(params));
  if (!parsed.success) return jsonError(400, 'INVALID', describeIssues(parsed.error));
  return operation.serve({ ctx, token, input: parsed.data });
}

function routeOf(operation: RuntimeOperation): Route {
  return route(
    {
      name: `${operation.method} ${operation.path}`,
      auth: `token:${operation.permission}`,
      origin: 'mutations',
      bodyLimit: operation.bodyLimit,
      sql: operation.sql ?? 'read',
    },
    (call) =>
      operation.body === 'json'
        ? serveJson(operation, call)
        : operation.body === 'query'
          ? serveQuery(operation, call)
          : operation.serve({ ctx: call.ctx, token: call.token, input: { request: call.request, bytes: call.body } }),
  );
}

export const RUNTIME_ROUTES = Object.fromEntries(
  Object.entries<RuntimeOperation>(RUNTIME_OPERATIONS).map(([name, operation]) => [name, routeOf(operation)]),
) as Record<RuntimeOperationName, Route>;

function inWords(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * One route file's operations, those under `prefix`<action>: the operation the path's last segment
 * names, or 404 naming those there are.
 */
function actionRoute(prefix: string) {
  const byAction = Object.fromEntries(
    (Object.keys(RUNTIME_OPERATIONS) as RuntimeOperationName[]).flatMap((name) => {
      const { path } = RUNTIME_OPERATIONS[name];
      return path.startsWith(prefix) ? [[path.slice(prefix.length), RUNTIME_ROUTES[name]] as const] : [];
    }),
  );
  const actions = Object.keys(byAction);
  return routeBySegment('action', byAction, () => jsonError(404, 'NOT_FOUND', `The runtime API has ${inWords(actions)}.`));
}

/** POST /api/runtime/memories/[action]: list, write, forget and search. */
export const runtimeMemoriesRoute = actionRoute('/api/runtime/memories/');

/** POST /api/runtime/facts/[action]: publish, edit, pin, unpin and delete (facts:write). */
export const runtimeFactsRoute = actionRoute('/api/runtime/facts/');

/** GET /api/runtime/openapi.json: the document made from the same table (static: built once, by `next build`). */
export const runtimeOpenApiRoute = route({ name: 'GET /api/runtime/openapi.json', auth: 'none', origin: 'none' }, async () =>
  jsonResponse(runtimeOpenApiDocument()),
);
