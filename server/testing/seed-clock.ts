// The fixed "now" of seeded tests, so relative data (threads, diagnostics, sessions) is
// reproducible. Its own module so the run's template can be seeded without loading tRPC.
export const SEED_NOW = new Date('2026-11-30T12:00:00.000Z');
