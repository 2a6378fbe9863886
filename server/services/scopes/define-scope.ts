// Declares a deployment-defined scope such as depot:hh, owned by one tenant.
import { scopeKind, scopeRef, validateCustomScope } from '../../domain';
import { DomainError } from '../../errors/domain-error';
import type { ServiceCall } from '../context';

export interface DefineScopeInput {
  token: string;
  label: string;
  tenantRef: string;
}

export async function defineScope({ ctx, input }: ServiceCall<DefineScopeInput>) {
  // The deployment itself (the seed) may define any kind; only the shape of the token is checked.
  const kind = scopeKind(input.token);
  const problems = validateCustomScope(input.token, [kind]);
  if (problems.length) throw new DomainError('INVALID', problems.map((problem) => problem.message).join(' '), { fieldErrors: problems });
  const existing = await ctx.db.scopeDefinition.findUnique({ where: { token: input.token } });
  if (existing) {
    if (existing.tenantRef !== input.tenantRef) throw new DomainError('CONFLICT', `${input.token} belongs to another tenant.`);
    return existing;
  }
  return ctx.db.scopeDefinition.create({
    data: { token: input.token, kind, label: input.label || scopeRef(input.token) || input.token, tenantRef: input.tenantRef },
  });
}
