import { describe, expect, it } from 'vitest';
import {
  decidePromotionTarget,
  describePromotionSourceProblem,
  promotionSourceProblem,
  type PromotionSource,
  type PromotionTargetRequest,
} from './promotion-verdict';

const berlinAdmin = { viewerTenantRef: 'berlin', administers: true };
const berlinMember = { viewerTenantRef: 'berlin', administers: false };

describe('decidePromotionTarget', () => {
  it.each<[string, PromotionTargetRequest, ReturnType<typeof decidePromotionTarget>]>([
    ['an administered tenant', { scope: 'tenant:berlin', scopeTenantRef: 'berlin', ...berlinAdmin }, { outcome: 'allowed' }],
    ['an administered custom scope', { scope: 'team:ops', scopeTenantRef: 'berlin', ...berlinAdmin }, { outcome: 'allowed' }],
    ['global with a global grant', { scope: 'global', scopeTenantRef: null, ...berlinAdmin }, { outcome: 'allowed' }],
    [
      'global without one',
      { scope: 'global', scopeTenantRef: null, ...berlinMember },
      { outcome: 'forbidden', reason: 'NEEDS_GLOBAL_GRANT' },
    ],
    [
      'the own tenant without a grant',
      { scope: 'tenant:berlin', scopeTenantRef: 'berlin', ...berlinMember },
      { outcome: 'forbidden', reason: 'NOT_ADMINISTRATOR' },
    ],
    ['another tenant', { scope: 'tenant:hamburg', scopeTenantRef: 'hamburg', ...berlinMember }, { outcome: 'not_found' }],
    ['another tenant’s custom scope', { scope: 'depot:hh', scopeTenantRef: 'hamburg', ...berlinMember }, { outcome: 'not_found' }],
    [
      'one person, even an administered one',
      { scope: 'actor:u4', scopeTenantRef: 'berlin', ...berlinAdmin },
      { outcome: 'invalid', reason: 'PERSONAL_SCOPE' },
    ],
  ])('%s', (_name, request, expected) => {
    expect(decidePromotionTarget(request)).toEqual(expected);
  });
});

const conclusion: PromotionSource = { id: 'mem_1', key: 'meeting-length', scope: 'actor:u4', author: 'agent', tenantRef: 'berlin' };

describe('promotionSourceProblem', () => {
  it.each<[string, Partial<PromotionSource>, string | null, ReturnType<typeof promotionSourceProblem>]>([
    ['a conclusion about a person of the tenant', {}, 'berlin', null],
    ['a conclusion about anyone, for global', { tenantRef: 'hamburg' }, null, null],
    ['a person’s own statement', { author: 'human' }, 'berlin', 'NOT_CONCLUSION'],
    ['a shared record', { scope: 'tenant:berlin' }, 'berlin', 'NOT_PERSONAL'],
    ['another key', { key: 'timezone' }, 'berlin', 'OTHER_KEY'],
    ['a person of another tenant', { tenantRef: 'hamburg' }, 'berlin', 'OTHER_TENANT'],
  ])('%s', (_name, change, tenantRef, expected) => {
    expect(promotionSourceProblem({ ...conclusion, ...change }, { key: 'meeting-length', tenantRef })).toBe(expected);
  });

  it('names the record in its sentence', () => {
    expect(describePromotionSourceProblem('mem_7', 'NOT_CONCLUSION')).toBe(
      'Source mem_7 is something a person stated, not a conclusion of the assistant.',
    );
  });
});
