// The scopes a list or search reads: those given, checked (checkRuntimeScopes), or those of the
// person given by `actorRef`, resolved (resolveRuntimeScopes) — one call for both on every turn.
import type { PrismaClient } from '../../db/generated/client';
import type { ServiceCall } from '../context';
import { checkRuntimeScopes, type RuntimeScopes } from './check-runtime-scopes';
import { resolveRuntimeScopes } from './resolve-runtime-scopes';

export interface RuntimeReadScopesInput {
  tokenTenantRef: string | null;
  /** Exactly one of these (the request schema makes sure). */
  scopes?: string[];
  actorRef?: string;
}

export async function runtimeReadScopes({ ctx, input }: ServiceCall<RuntimeReadScopesInput, PrismaClient>): Promise<RuntimeScopes> {
  if (input.actorRef !== undefined) {
    const { scopes } = await resolveRuntimeScopes({ ctx, input: { tokenTenantRef: input.tokenTenantRef, actorRef: input.actorRef } });
    return { scopes, ignoredScopes: [] };
  }
  return checkRuntimeScopes({ ctx, input: { tokenTenantRef: input.tokenTenantRef, scopes: input.scopes ?? [] } });
}
