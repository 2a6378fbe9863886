// Declares a deployment-defined scope such as depot:hh, owned by one tenant.
import { isReservedScopeKind, scopeKind, scopeRef } from '../../domain';
import { DomainError } from '../../errors/domain-error';
import type { ServiceCall } from '../context';

const TOKEN = /^[a-z][a-z0-9-]{0,31}:[A-Za-z0-9._-]{1,64}$/;

export interface DefineScopeInput {
  token: string;
  label: string;
  tenantRef: string;
}

export async function defineScope({ ctx, input }: ServiceCall<DefineScopeInput>) {
  if (!TOKEN.test(input.token)) {
    throw new DomainError('INVALID', 'A scope token is <kind>:<ref>, e.g. depot:hh (kind: a-z, 0-9, -; ref: up to 64 characters).');
  }
  const kind = scopeKind(input.token);
  if (isReservedScopeKind(kind)) throw new DomainError('INVALID', `"${kind}" scopes are built in and cannot be defined.`);
  const existing = await ctx.db.scopeDefinition.findUnique({ where: { token: input.token } });
  if (existing) {
    if (existing.tenantRef !== input.tenantRef) throw new DomainError('CONFLICT', `${input.token} belongs to another tenant.`);
    return existing;
  }
  return ctx.db.scopeDefinition.create({
    data: { token: input.token, kind, label: input.label || scopeRef(input.token) || input.token, tenantRef: input.tenantRef },
  });
}
