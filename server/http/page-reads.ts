// A request's reads for server components and tRPC's context (server/db/read-connection.ts): the
// person's last write position from the `mc_wal` cookie through next/headers, the choice made once
// per request, so a page and the queries it prefetches read from the same server.
import { cookies } from 'next/headers';
import { cache } from 'react';
import { getDatabase } from '../db/client';
import { requestReads, type RequestReads } from '../db/read-connection';
import { WAL_COOKIE } from '../db/replica';

export const pageReads = cache(async (): Promise<RequestReads> =>
  requestReads(await getDatabase(), (await cookies()).get(WAL_COOKIE)?.value),
);
