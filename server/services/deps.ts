// What every service needs besides its input: the database, the clock and an id source. Passed
// in, so tests can fix the time and ids and the domain never reads them itself.
import { ulid } from 'ulid';
import type { PrismaClient } from '../db/generated/client';

export type IdPrefix = 'mem' | 'usr' | 'grt' | 'aud' | 'thr' | 'evt' | 'alr' | 'tok' | 'run' | 'ses';

export interface ServiceDeps {
  prisma: PrismaClient;
  now: () => Date;
  newId: (prefix: IdPrefix) => string;
}

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${ulid()}`;
}

/** Whether `id` has the shape newId gives (prefix, then a 26-character Crockford ULID). */
export function isIdOf(prefix: IdPrefix, id: string): boolean {
  return id.startsWith(`${prefix}_`) && /^[0-9A-HJKMNP-TV-Z]{26}$/.test(id.slice(prefix.length + 1));
}

export function serviceDeps(prisma: PrismaClient, overrides: Partial<Omit<ServiceDeps, 'prisma'>> = {}): ServiceDeps {
  return { prisma, now: () => new Date(), newId, ...overrides };
}

/** A Prisma client or an interactive transaction: services accept either. */
export type Db = Pick<
  PrismaClient,
  | 'tenant'
  | 'user'
  | 'scopeDefinition'
  | 'scopeMembership'
  | 'grant'
  | 'agentMemory'
  | 'thread'
  | 'auditEvent'
  | 'runtimeEvent'
  | 'metricRollup'
  | 'alert'
  | 'apiToken'
  | 'signInThrottle'
  | 'userSession'
  | '$queryRaw'
  | '$executeRaw'
>;
