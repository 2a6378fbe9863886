// May this administrator publish at exactly this scope? Answers with the tenant that owns the
// scope, or throws the refusal the promotion verdict names: another organisation's scope (or one
// that does not exist) is "not found", one the viewer can see but not administer is "forbidden".
import { administers, decidePromotionTarget, reachOf, type GrantLike } from '../../domain';
import { DomainError, notFound } from '../../errors/domain-error';
import type { ServiceCall } from '../context';
import { tenantOfScope } from '../scopes/tenant-of-scope';

export interface CheckPromotionTargetInput {
  viewer: { grants: GrantLike[]; tenant: { ref: string } };
  targetScope: string;
}

const TARGET_REFUSALS = {
  PERSONAL_SCOPE: 'Publish for an organisation, one of its groups or everyone, not for one person.',
  NEEDS_GLOBAL_GRANT: 'Publishing for everyone needs a global administrator grant.',
  NOT_ADMINISTRATOR: 'Publishing for this scope needs administrator rights for it.',
} as const;

export async function checkPromotionTarget({ ctx, input }: ServiceCall<CheckPromotionTargetInput>): Promise<string | null> {
  const tenantRef = await tenantOfScope({ ctx, input: { scope: input.targetScope } }).catch((error: unknown) => {
    // An unknown scope is answered like another organisation's: nothing about it is confirmed.
    if (error instanceof DomainError) throw notFound('That scope');
    throw error;
  });
  const verdict = decidePromotionTarget({
    scope: input.targetScope,
    scopeTenantRef: tenantRef,
    viewerTenantRef: input.viewer.tenant.ref,
    administers: administers(reachOf(input.viewer.grants), input.targetScope, tenantRef),
  });
  if (verdict.outcome === 'not_found') throw notFound('That scope');
  if (verdict.outcome === 'invalid' || verdict.outcome === 'forbidden') {
    const message = TARGET_REFUSALS[verdict.reason];
    const code = verdict.outcome === 'invalid' ? 'INVALID' : 'FORBIDDEN';
    throw new DomainError(code, message, { reason: verdict.reason, fieldErrors: [{ field: 'targetScope', message }] });
  }
  return tenantRef;
}
