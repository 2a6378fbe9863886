// @memory-console/client: what a runtime installs to use the Memory Console as its memory store —
// a typed client of its runtime API, a MemoryProvider and ScopeResolver for the reference library,
// and the bridge that forwards the library's diagnostics.
export * from './client.js';
export * from './diagnostics-bridge.js';
export * from './library-types.js';
export * from './provider.js';
export type { components, operations, paths } from './openapi-types.js';
