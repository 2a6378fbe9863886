// The people an administrator manages (docs/concepts.md "People and access"): everyone of the
// tenants they administer, or of one of them, by name, searched by name or email, a page at a time
// (keyset on name, id), with how many match in all. Each comes with their standing: roles, groups,
// status and last activity (load-standing.ts). System principals are no people and never listed.
import { administeredTenants, reachOf } from '../../domain';
import type { Prisma } from '../../db/generated/client';
import { DomainError, notFound } from '../../errors/domain-error';
import type { ServiceCall } from '../context';
import { loadStanding, personWithStanding } from './load-standing';
import { PEOPLE_REFUSED, requirePeopleAdmin, type PeopleViewer } from './person-authority';

export interface ListPeopleInput {
  viewer: PeopleViewer;
  /** One tenant among those administered; without it, all of them. */
  tenantRef?: string;
  /** Part of a name or email, any case. */
  query?: string;
  cursor?: string;
  limit: number;
}

interface Cursor {
  name: string;
  id: string;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.name, cursor.id]), 'utf8').toString('base64url');
}

function decodeCursor(text: string): Cursor {
  try {
    const [name, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (typeof name === 'string' && typeof id === 'string') return { name, id };
  } catch {
    // answered below
  }
  throw new DomainError('INVALID', 'cursor is not one this list gave out; start from the first page.', {
    fieldErrors: [{ field: 'cursor', message: 'unknown cursor' }],
  });
}

export async function listPeople({ ctx, input }: ServiceCall<ListPeopleInput>) {
  const { viewer } = input;
  let tenants: Prisma.UserWhereInput;
  if (input.tenantRef !== undefined) {
    requirePeopleAdmin(viewer, input.tenantRef, 'That organisation');
    if (!(await ctx.db.tenant.findUnique({ where: { ref: input.tenantRef } }))) throw notFound('That organisation');
    tenants = { tenantRef: input.tenantRef };
  } else {
    const refs = administeredTenants(reachOf(viewer.grants));
    if (refs?.length === 0) throw new DomainError('FORBIDDEN', PEOPLE_REFUSED, { reason: 'NOT_ADMINISTRATOR' });
    tenants = refs === null ? {} : { tenantRef: { in: refs } };
  }
  const query = input.query?.trim();
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const matching: Prisma.UserWhereInput = {
    AND: [
      { system: false },
      tenants,
      query ? { OR: [{ name: { contains: query, mode: 'insensitive' } }, { email: { contains: query, mode: 'insensitive' } }] } : {},
    ],
  };
  const where: Prisma.UserWhereInput = after
    ? { AND: [matching, { OR: [{ name: { gt: after.name } }, { name: after.name, id: { gt: after.id } }] }] }
    : matching;
  const [rows, total] = await Promise.all([
    ctx.db.user.findMany({ where, orderBy: [{ name: 'asc' }, { id: 'asc' }], take: input.limit + 1 }),
    ctx.db.user.count({ where: matching }),
  ]);
  const page = rows.slice(0, input.limit);
  const standing = await loadStanding({ ctx, input: { people: page } });
  const last = page.at(-1);
  return {
    people: page.map((person) => personWithStanding(person, standing.get(person.id))),
    /** Everyone the filter and search match, on every page. */
    total,
    nextCursor: rows.length > input.limit && last ? encodeCursor({ name: last.name, id: last.id }) : null,
  };
}
