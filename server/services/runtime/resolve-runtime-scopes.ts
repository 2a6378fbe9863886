// POST /api/runtime/scopes/resolve, and `{ actorRef }` in list and search: the scopes that apply
// to a person, most specific first (their own, their groups in the configured order, their
// organisation, global) — the console's one resolver (server/domain/resolve-scopes.ts), so the
// runtime never keeps a second copy of who belongs where — with the organisation's per-turn limit
// and longest fact, so the runtime's prompt and the console's preview agree — all from one statement.
import type { PrismaClient } from '../../db/generated/client';
import type { ServiceCall } from '../context';
import { loadRuntimeActor } from './load-runtime-actor';

export interface ResolveRuntimeScopesInput {
  tokenTenantRef: string | null;
  actorRef: string;
}

export interface ResolvedRuntimeScopes {
  actorRef: string;
  scopes: string[];
  maxMemories: number;
  maxFactChars: number;
}

export async function resolveRuntimeScopes({
  ctx,
  input,
}: ServiceCall<ResolveRuntimeScopesInput, PrismaClient>): Promise<ResolvedRuntimeScopes> {
  const { actorRef, scopes, maxMemories, maxFactChars } = await loadRuntimeActor({ ctx, input });
  return { actorRef, scopes, maxMemories, maxFactChars };
}
