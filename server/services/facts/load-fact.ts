// Loads one published fact for an administrator: NOT_FOUND unless they may at least read its scope
// (another tenant's fact answers exactly like a missing one), FORBIDDEN with the reason when a
// write is asked for and they may only read it.
import type { Viewer } from '../../auth/viewer';
import { factAccess, GLOBAL_SCOPE } from '../../domain';
import type { AgentMemory } from '../../db/generated/client';
import { DomainError, notFound } from '../../errors/domain-error';
import { isIdOf } from '../../ids';
import type { ServiceCall } from '../context';
import { requireFactAdmin } from './require-fact-admin';

export interface LoadFactInput {
  viewer: Pick<Viewer, 'grants'>;
  id: string;
  /** 'write': refuse with FORBIDDEN when the viewer may only read the fact. */
  need: 'read' | 'write';
}

export function writeRefusal(scope: string): DomainError {
  return scope === GLOBAL_SCOPE
    ? new DomainError('FORBIDDEN', 'Facts for everyone can only be changed by a global administrator.', { reason: 'NEEDS_GLOBAL_GRANT' })
    : new DomainError('FORBIDDEN', `You are not an administrator of ${scope}.`, { reason: 'NOT_ADMINISTRATOR' });
}

export async function loadFact({ ctx, input }: ServiceCall<LoadFactInput>): Promise<AgentMemory> {
  const reach = requireFactAdmin(input.viewer);
  const fact = isIdOf('mem', input.id) ? await ctx.db.agentMemory.findUnique({ where: { id: input.id } }) : null;
  const access = fact ? factAccess(reach, fact.scope, fact.tenantRef) : 'none';
  if (!fact || access === 'none') throw notFound('That fact');
  if (input.need === 'write' && access !== 'write') throw writeRefusal(fact.scope);
  return fact;
}
