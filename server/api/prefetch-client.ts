// The QueryClient a server component prefetches into (server/api/rsc.tsx): the shared recipe
// (query-client.ts) and how its cache is handed to the browser: each answer as its JSON text
// (toHandOverText), read back by the browser's QueryClient as it hydrates (docs/architecture.md
// "Wire format"). Only the server dehydrates.
import { defaultShouldDehydrateQuery } from '@tanstack/react-query';
import { makeQueryClient, toHandOverText } from './query-client';

export function makePrefetchClient() {
  return makeQueryClient({
    dehydrate: {
      serializeData: toHandOverText,
      // A query still pending streams to the browser when it settles.
      shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || query.state.status === 'pending',
    },
  });
}
