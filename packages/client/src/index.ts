// @memory-console/client: what a runtime installs to use the Memory Console as its memory store.
export * from './client.js';
export type { components, operations, paths } from './openapi-types.js';
