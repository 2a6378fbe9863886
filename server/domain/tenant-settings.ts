// What an administrator may set for their organisation (docs/features.md "Tenant settings"): the
// lines one turn carries and the length of one fact. The router, the form and the service read
// these.
export const TENANT_SETTING_LIMITS = {
  maxMemories: { min: 1, max: 200 },
  maxFactChars: { min: 16, max: 2000 },
} as const;

/** Lowering the budget can push pinned policies out of turns, so it is treated as sensitive. */
export function lowersBudget(current: { maxMemories: number }, next: { maxMemories: number }): boolean {
  return next.maxMemories < current.maxMemories;
}
