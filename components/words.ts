// The console's words for its ideas (docs/features.md "Words"), without the components that use
// them: a page's first load can take a word from here without the rest of components/glossary.tsx,
// which re-exports them.

/** The per-turn limit (the setting `maxMemories`) in people's words. */
const PER_TURN_LIMIT = 'memories per turn';

export const WORDS = {
  everyone: 'Everyone on this console',
  alwaysOn: 'Always on',
  /** As an adjective: "7 always-on facts". */
  alwaysOnFacts: 'always-on facts',
  perTurnLimit: PER_TURN_LIMIT,
  group: 'group',
  groups: 'groups',
  publish: 'Publish',
  published: 'Published',
  memories: 'memories',
} as const;

/** "12 memories per turn", "1 memory per turn". */
export function perTurnLimit(count: number): string {
  return count === 1 ? '1 memory per turn' : `${count} ${PER_TURN_LIMIT}`;
}
