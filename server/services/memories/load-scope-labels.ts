// The labels of the custom scopes among a person's scopes ("depot:hh" → "Hamburg depot"), so the
// console names a group the way its administrators do. Tenant, global and actor scopes have none,
// so a person in no group costs no query.
import { describeScope } from '../../domain';
import type { ServiceCall } from '../context';

export interface LoadScopeLabelsInput {
  scopes: readonly string[];
}

export async function loadScopeLabels({ ctx, input }: ServiceCall<LoadScopeLabelsInput>): Promise<Map<string, string>> {
  const custom = input.scopes.filter((scope) => describeScope(scope).audience === 'custom');
  if (custom.length === 0) return new Map();
  const definitions = await ctx.db.scopeDefinition.findMany({ where: { token: { in: custom } }, select: { token: true, label: true } });
  return new Map(definitions.map((definition) => [definition.token, definition.label]));
}
