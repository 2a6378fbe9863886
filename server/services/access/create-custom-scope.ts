// scopes.create: an administrator defines a custom scope of a configured kind for their
// organisation (`depot:hh`, "Hamburg depot"). Token and label are checked by the domain's rules;
// a token already taken (by any organisation) is refused naming the field.
import { customScopeKinds, scopeKind, validateCustomScope, validateScopeLabel } from '../../domain';
import type { PrismaClient } from '../../db/generated/client';
import { DomainError } from '../../errors/domain-error';
import { recordAudit } from '../audit/record-audit';
import type { ServiceCall } from '../context';
import { runTransaction } from '../run-transaction';
import type { PeopleViewer } from '../people/person-authority';
import { loadAdministeredTenant } from '../tenants/load-administered-tenant';

export interface CreateCustomScopeInput {
  viewer: PeopleViewer;
  tenantRef: string;
  token: string;
  label: string;
  precedence: readonly string[];
}

export async function createCustomScope({ ctx, input }: ServiceCall<CreateCustomScopeInput, PrismaClient>) {
  const { viewer } = input;
  const tenant = await loadAdministeredTenant({ ctx, input });
  const defined = await ctx.db.scopeDefinition.findMany({ distinct: ['kind'], select: { kind: true } });
  const kinds = customScopeKinds(
    input.precedence,
    defined.map((row) => row.kind),
  );
  const token = input.token.trim();
  const label = input.label.trim();
  const problems = [...validateCustomScope(token, kinds), ...validateScopeLabel(label)];
  if (problems.length) throw new DomainError('INVALID', problems.map((problem) => problem.message).join(' '), { fieldErrors: problems });
  return runTransaction({
    ctx,
    input: {
      writer: viewer.userId,
      work: async (txCtx) => {
        const tx = txCtx.db;
        const { count } = await tx.scopeDefinition.createMany({
          data: [{ token, kind: scopeKind(token), label, tenantRef: tenant.ref, createdAt: ctx.now() }],
          skipDuplicates: true,
        });
        if (count === 0) {
          const message = `token ${token} is already taken; choose another name.`;
          throw new DomainError('INVALID', message, { fieldErrors: [{ field: 'token', message }], reason: 'SCOPE_TAKEN' });
        }
        recordAudit({
          ctx: txCtx,
          input: {
            userId: viewer.userId,
            actorRef: viewer.actorRef,
            action: 'scope.created',
            scope: token,
            tenantRef: tenant.ref,
            memoryId: null,
            after: { token, label },
          },
        });
        return { token, label, kind: scopeKind(token), tenantRef: tenant.ref };
      },
    },
  });
}
