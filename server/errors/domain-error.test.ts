// A refusal answers the same status over REST and over tRPC: the one table names both, and tRPC's
// own status for the tRPC code it names is the REST one.
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { describe, expect, it } from 'vitest';
import { TRANSPORT_OF_DOMAIN_CODE } from './domain-error';

describe('TRANSPORT_OF_DOMAIN_CODE', () => {
  it.each(Object.entries(TRANSPORT_OF_DOMAIN_CODE))('%s answers the same status on both transports', (_code, { http, trpc }) => {
    expect(getHTTPStatusCodeFromError(new TRPCError({ code: trpc }))).toBe(http);
  });
});
