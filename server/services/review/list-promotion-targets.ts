// Where an administrator may publish a key of one organisation's review group, with what each of
// those scopes holds for the key now (so the dialog can show the difference and carry the version):
// the organisation, its groups (custom scopes) and, with a global grant, everyone.
import { administers, type GrantLike } from '../../auth/administers';
import { GLOBAL_SCOPE, tenantScope } from '../../domain';
import type { ServiceCall } from '../context';
import { checkPromotionTarget } from './check-promotion-target';

export interface ListPromotionTargetsInput {
  viewer: { grants: GrantLike[]; tenant: { ref: string } };
  key: string;
  /** The organisation whose people's conclusions are being published. */
  tenantRef: string;
}

export interface PromotionTarget {
  scope: string;
  label: string;
  kind: 'tenant' | 'custom' | 'global';
  current: { id: string; text: string; version: number; pinned: boolean; author: string } | null;
}

export async function listPromotionTargets({ ctx, input }: ServiceCall<ListPromotionTargetsInput>): Promise<PromotionTarget[]> {
  const tenant = tenantScope(input.tenantRef);
  await checkPromotionTarget({ ctx, input: { viewer: input.viewer, targetScope: tenant } });
  const [organisation, custom] = await Promise.all([
    ctx.db.tenant.findUniqueOrThrow({ where: { ref: input.tenantRef }, select: { name: true } }),
    ctx.db.scopeDefinition.findMany({ where: { tenantRef: input.tenantRef }, orderBy: { token: 'asc' } }),
  ]);
  const targets: Omit<PromotionTarget, 'current'>[] = [
    { scope: tenant, label: organisation.name, kind: 'tenant' },
    ...custom.map((scope) => ({ scope: scope.token, label: scope.label, kind: 'custom' as const })),
  ];
  if (administers(input.viewer.grants, GLOBAL_SCOPE, null)) {
    targets.push({ scope: GLOBAL_SCOPE, label: 'Everyone on this console', kind: 'global' });
  }
  const held = await ctx.db.agentMemory.findMany({
    where: { key: input.key, scope: { in: targets.map((target) => target.scope) } },
    select: { id: true, scope: true, text: true, version: true, pinned: true, author: true },
  });
  return targets.map((target) => {
    const record = held.find((row) => row.scope === target.scope);
    return { ...target, current: record ? { id: record.id, text: record.text, version: record.version, pinned: record.pinned, author: record.author } : null };
  });
}
