// What the publish dialog needs for a key of one organisation's review group: where the
// administrator may publish it, with what each place holds for the key now (so the dialog can show
// the difference and carry the version) — the organisation, its groups (custom scopes) and, with a
// global grant, everyone — and the assistant's conclusions that can stand behind it.
import { DEFAULT_MAX_FACT_CHARS, GLOBAL_SCOPE, reachOf, tenantScope, type GrantLike } from '../../domain';
import type { ServiceCall } from '../context';
import { checkPromotionTarget } from './check-promotion-target';
import { offeredWhere, personalScopeWhere } from '../memories/visible-rows';

export interface GetPromotionOptionsInput {
  viewer: { grants: GrantLike[]; tenant: { ref: string } };
  key: string;
  /** The organisation whose people's conclusions are being published. */
  tenantRef: string;
}

export interface PromotionTarget {
  scope: string;
  label: string;
  kind: 'tenant' | 'custom' | 'global';
  /** The longest fact this place takes (its organisation's setting; the default for everyone). */
  maxFactChars: number;
  current: { id: string; text: string; version: number; pinned: boolean; author: string } | null;
}

export interface PromotionSourceOption {
  id: string;
  actorRef: string;
  personName: string | null;
  text: string;
}

export interface PromotionOptions {
  targets: PromotionTarget[];
  /** Newest first, at most MAX_SOURCE_OPTIONS; `sourceCount` says how many there are in all. */
  sources: PromotionSourceOption[];
  sourceCount: number;
}

/** As many as one promotion may name (the router's MAX_PROMOTION_SOURCES). */
export const MAX_SOURCE_OPTIONS = 200;

async function loadSources({ ctx, input }: ServiceCall<{ key: string; tenantRef: string }>) {
  const where = offeredWhere(ctx.now(), { key: input.key, tenantRef: input.tenantRef, author: 'agent', ...personalScopeWhere });
  const [rows, sourceCount] = await Promise.all([
    ctx.db.agentMemory.findMany({
      where,
      orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }],
      take: MAX_SOURCE_OPTIONS,
      select: { id: true, actorRef: true, scope: true, text: true },
    }),
    ctx.db.agentMemory.count({ where }),
  ]);
  const actorRefs = rows.map((row) => row.scope.slice('actor:'.length));
  const people = await ctx.db.user.findMany({ where: { actorRef: { in: actorRefs } }, select: { actorRef: true, name: true } });
  const names = new Map(people.map((person) => [person.actorRef, person.name]));
  const sources = rows.map((row, index) => ({
    id: row.id,
    actorRef: actorRefs[index]!,
    personName: names.get(actorRefs[index]!) ?? null,
    text: row.text,
  }));
  return { sources, sourceCount };
}

export async function getPromotionOptions({ ctx, input }: ServiceCall<GetPromotionOptionsInput>): Promise<PromotionOptions> {
  const tenant = tenantScope(input.tenantRef);
  await checkPromotionTarget({ ctx, input: { viewer: input.viewer, targetScope: tenant } });
  const [organisation, custom] = await Promise.all([
    ctx.db.tenant.findUniqueOrThrow({ where: { ref: input.tenantRef }, select: { name: true, maxFactChars: true } }),
    ctx.db.scopeDefinition.findMany({ where: { tenantRef: input.tenantRef }, orderBy: { token: 'asc' } }),
  ]);
  const targets: Omit<PromotionTarget, 'current'>[] = [
    { scope: tenant, label: organisation.name, kind: 'tenant', maxFactChars: organisation.maxFactChars },
    ...custom.map((scope) => ({
      scope: scope.token,
      label: scope.label,
      kind: 'custom' as const,
      maxFactChars: organisation.maxFactChars,
    })),
  ];
  if (reachOf(input.viewer.grants).globalAdmin) {
    targets.push({ scope: GLOBAL_SCOPE, label: 'Everyone on this console', kind: 'global', maxFactChars: DEFAULT_MAX_FACT_CHARS });
  }
  const held = await ctx.db.agentMemory.findMany({
    where: { key: input.key, scope: { in: targets.map((target) => target.scope) } },
    select: { id: true, scope: true, text: true, version: true, pinned: true, author: true },
  });
  const withCurrent = targets.map((target) => {
    const record = held.find((row) => row.scope === target.scope);
    return {
      ...target,
      current: record ? { id: record.id, text: record.text, version: record.version, pinned: record.pinned, author: record.author } : null,
    };
  });
  return { targets: withCurrent, ...(await loadSources({ ctx, input })) };
}
