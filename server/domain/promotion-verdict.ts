// Publishing the assistant's conclusions as a stated fact (docs/features.md "Publishing the
// assistant's conclusions"): where an administrator may publish, and which conclusions may stand
// behind it.
import { ACTOR_KIND, GLOBAL_SCOPE, scopeKind } from './scope-tokens';
import type { Author } from './types';

export interface PromotionTargetRequest {
  scope: string;
  /** The tenant that owns the target scope; null for `global`. */
  scopeTenantRef: string | null;
  viewerTenantRef: string;
  /** The administers-check's answer for exactly this scope. */
  administers: boolean;
}

export type PromotionTargetVerdict =
  | { outcome: 'allowed' }
  /** Another organisation's scope the viewer holds no grant for: never confirm it exists. */
  | { outcome: 'not_found' }
  | { outcome: 'invalid'; reason: 'PERSONAL_SCOPE' }
  | { outcome: 'forbidden'; reason: 'NEEDS_GLOBAL_GRANT' | 'NOT_ADMINISTRATOR' };

export function decidePromotionTarget(request: PromotionTargetRequest): PromotionTargetVerdict {
  if (scopeKind(request.scope) === ACTOR_KIND) return { outcome: 'invalid', reason: 'PERSONAL_SCOPE' };
  if (request.administers) return { outcome: 'allowed' };
  if (request.scope === GLOBAL_SCOPE) return { outcome: 'forbidden', reason: 'NEEDS_GLOBAL_GRANT' };
  if (request.scopeTenantRef !== request.viewerTenantRef) return { outcome: 'not_found' };
  return { outcome: 'forbidden', reason: 'NOT_ADMINISTRATOR' };
}

export interface PromotionSource {
  id: string;
  key: string;
  scope: string;
  author: Author;
  /** The tenant of the person the conclusion is about. */
  tenantRef: string | null;
}

export type PromotionSourceProblem = 'NOT_CONCLUSION' | 'NOT_PERSONAL' | 'OTHER_KEY' | 'OTHER_TENANT';

/**
 * Why a record cannot stand behind a promotion of `key` to a scope of `tenantRef` (null: global,
 * which takes conclusions about anyone), or null when it can.
 */
export function promotionSourceProblem(
  source: PromotionSource,
  target: { key: string; tenantRef: string | null },
): PromotionSourceProblem | null {
  if (source.author !== 'agent') return 'NOT_CONCLUSION';
  if (scopeKind(source.scope) !== ACTOR_KIND) return 'NOT_PERSONAL';
  if (source.key !== target.key) return 'OTHER_KEY';
  if (target.tenantRef !== null && source.tenantRef !== target.tenantRef) return 'OTHER_TENANT';
  return null;
}

const SOURCE_PROBLEM_TEXT: Record<PromotionSourceProblem, string> = {
  NOT_CONCLUSION: 'is something a person stated, not a conclusion of the assistant',
  NOT_PERSONAL: 'is not held for one person',
  OTHER_KEY: 'is filed under another key',
  OTHER_TENANT: 'is about a person outside the organisation you publish for',
};

export function describePromotionSourceProblem(id: string, problem: PromotionSourceProblem): string {
  return `Source ${id} ${SOURCE_PROBLEM_TEXT[problem]}.`;
}
