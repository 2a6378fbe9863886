// Declares a deployment-defined scope such as depot:hh, owned by one tenant.
import { isReservedScopeKind, scopeKind, scopeRef } from '../../domain';
import { DomainError } from '../../errors/domain-error';
import type { Db } from '../deps';

const TOKEN = /^[a-z][a-z0-9-]{0,31}:[A-Za-z0-9._-]{1,64}$/;

export async function defineScope(db: Db, input: { token: string; label: string; tenantRef: string }) {
  if (!TOKEN.test(input.token)) {
    throw new DomainError('INVALID', 'A scope token is <kind>:<ref>, e.g. depot:hh (kind: a-z, 0-9, -; ref: up to 64 characters).');
  }
  const kind = scopeKind(input.token);
  if (isReservedScopeKind(kind)) throw new DomainError('INVALID', `"${kind}" scopes are built in and cannot be defined.`);
  const existing = await db.scopeDefinition.findUnique({ where: { token: input.token } });
  if (existing) {
    if (existing.tenantRef !== input.tenantRef) throw new DomainError('CONFLICT', `${input.token} belongs to another tenant.`);
    return existing;
  }
  return db.scopeDefinition.create({
    data: { token: input.token, kind, label: input.label || scopeRef(input.token) || input.token, tenantRef: input.tenantRef },
  });
}

export async function addMembership(db: Db, input: { userId: string; scopeToken: string }) {
  const [user, scope] = await Promise.all([
    db.user.findUnique({ where: { id: input.userId } }),
    db.scopeDefinition.findUnique({ where: { token: input.scopeToken } }),
  ]);
  if (!user || !scope) throw new DomainError('NOT_FOUND', 'Unknown user or scope.');
  if (user.tenantRef !== scope.tenantRef) throw new DomainError('INVALID', `${scope.token} belongs to another tenant than the user.`);
  const position = await db.scopeMembership.count({ where: { userId: user.id } });
  return db.scopeMembership.upsert({
    where: { userId_scopeToken: { userId: user.id, scopeToken: scope.token } },
    create: { userId: user.id, scopeToken: scope.token, position },
    update: {},
  });
}
