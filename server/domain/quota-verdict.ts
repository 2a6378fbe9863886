// How many memories one person's own scope may hold: a tenant setting, counted separately for what
// the person stated and what the assistant concluded, so neither can crowd out the other.
import { ACTOR_KIND, scopeKind } from './scope-tokens';
import type { Author } from './types';

export const DEFAULT_MAX_MEMORIES_PER_PERSON = 500;

export interface QuotaChange {
  /** The scope written to; only a person's own (actor) scope has a quota. */
  scope: string;
  /** The author of the memory after the write. */
  author: Author;
  /** The author of the memory the write replaces, or null when the key is new at that scope. */
  replacing: Author | null;
}

/**
 * Whether a write adds one memory to a person's count for its author: a new key at their own
 * scope, or a statement replacing the assistant's conclusion (and the other way round). Editing a
 * memory of the same author adds nothing, so a person at the limit can still correct what they hold.
 */
export function addsToQuota({ scope, author, replacing }: QuotaChange): boolean {
  return scopeKind(scope) === ACTOR_KIND && replacing !== author;
}

export interface QuotaRequest {
  /** How many memories of this author the person's own scope holds now, the written one not included. */
  held: number;
  limit: number;
}

export type QuotaVerdict = { allowed: true } | { allowed: false; reason: 'QUOTA_EXCEEDED'; held: number; limit: number };

/** For a write that adds to the count (see addsToQuota): allowed while one more still fits. */
export function decideQuota({ held, limit }: QuotaRequest): QuotaVerdict {
  return held + 1 <= limit ? { allowed: true } : { allowed: false, reason: 'QUOTA_EXCEEDED', held, limit };
}
