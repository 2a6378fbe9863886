// What the People page shows beside each person (docs/features.md "People"): their roles and
// groups in people's words, their status and when they were last active. "Last active" is the
// latest moment any of their sessions was seen (user_session.lastSeenAt, written at sign-in and at
// most once a minute after, server/services/account/check-session.ts); revoked and expired sessions
// count too, since they were active then. A few statements for a whole page of people.
import {
  compareRoles,
  describeRole,
  GLOBAL_SCOPE,
  personStatus,
  scopeKind,
  scopeRef,
  TENANT_KIND,
  tenantScope,
  type RoleName,
} from '../../domain';
import type { ServiceCall } from '../context';
import { personView } from './person-authority';

export interface StandingPerson {
  id: string;
  tenantRef: string;
  disabled: boolean;
  passwordHash: string | null;
}

export interface LoadStandingInput {
  people: StandingPerson[];
}

export interface Standing {
  tenantName: string;
  status: ReturnType<typeof personStatus>;
  lastActiveAt: string | null;
  roles: { role: RoleName; scope: string; words: string }[];
  groups: { scope: string; label: string }[];
}

/** Each person's standing, by id. */
export async function loadStanding({ ctx, input }: ServiceCall<LoadStandingInput>): Promise<Map<string, Standing>> {
  const ids = input.people.map((person) => person.id);
  if (ids.length === 0) return new Map();
  const [grants, memberships, seen] = await Promise.all([
    ctx.db.grant.findMany({ where: { userId: { in: ids } }, select: { userId: true, role: true, scope: true } }),
    ctx.db.scopeMembership.findMany({
      where: { userId: { in: ids } },
      select: { userId: true, scopeToken: true, scope: { select: { label: true } } },
    }),
    ctx.db.userSession.groupBy({ by: ['userId'], where: { userId: { in: ids } }, _max: { lastSeenAt: true } }),
  ]);
  const tenantRefs = new Set(input.people.map((person) => person.tenantRef));
  const scopes = new Set<string>();
  for (const grant of grants) {
    const ref = scopeRef(grant.scope);
    if (scopeKind(grant.scope) === TENANT_KIND && ref) tenantRefs.add(ref);
    else if (grant.scope !== GLOBAL_SCOPE) scopes.add(grant.scope);
  }
  const [tenants, definitions] = await Promise.all([
    ctx.db.tenant.findMany({ where: { ref: { in: [...tenantRefs] } }, select: { ref: true, name: true } }),
    scopes.size > 0
      ? ctx.db.scopeDefinition.findMany({ where: { token: { in: [...scopes] } }, select: { token: true, label: true } })
      : Promise.resolve([]),
  ]);
  const tenantName = new Map(tenants.map((tenant) => [tenant.ref, tenant.name]));
  const labels = new Map<string, string>([
    ...tenants.map((tenant) => [tenantScope(tenant.ref), tenant.name] as [string, string]),
    ...definitions.map((definition) => [definition.token, definition.label] as [string, string]),
  ]);
  const lastSeen = new Map(seen.map((row) => [row.userId, row._max.lastSeenAt]));
  const standing = new Map<string, Standing>();
  for (const person of input.people) {
    const lastActiveAt = lastSeen.get(person.id) ?? null;
    const roles = grants
      .filter((grant) => grant.userId === person.id)
      .map((grant) => ({ role: grant.role as RoleName, scope: grant.scope }))
      .sort(compareRoles)
      .map((grant) => ({ ...grant, words: describeRole(grant, labels.get(grant.scope) ?? grant.scope) }));
    const groups = memberships
      .filter((membership) => membership.userId === person.id)
      .map((membership) => ({ scope: membership.scopeToken, label: membership.scope.label }))
      .sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
    standing.set(person.id, {
      tenantName: tenantName.get(person.tenantRef) ?? person.tenantRef,
      status: personStatus({ disabled: person.disabled, hasPassword: person.passwordHash !== null, lastActiveAt }),
      lastActiveAt: lastActiveAt?.toISOString() ?? null,
      roles,
      groups,
    });
  }
  return standing;
}

/** A person as the People page and a person's page show them: personView and their standing. */
export function personWithStanding(person: Parameters<typeof personView>[0], standing: Standing | undefined) {
  const { tenantName, status, lastActiveAt, roles, groups } = standing ?? {
    tenantName: person.tenantRef,
    status: personStatus({ disabled: person.disabled, hasPassword: person.passwordHash !== null, lastActiveAt: null }),
    lastActiveAt: null,
    roles: [],
    groups: [],
  };
  return {
    ...personView(person),
    tenantName,
    status,
    /** The latest moment one of their sessions was seen; null when they never signed in. */
    lastActiveAt,
    roles,
    groups,
  };
}
