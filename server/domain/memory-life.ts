// A memory's life (docs/concepts.md "The life of a memory"): when it expires, what being muted or
// expired means for offering, the quota and the page, who may mute what, when a fact is due for
// review, when a person is asked "Still true?", and the limits of acting on many at once.
// Pure: the clock is always an argument.
import { ACTOR_KIND, actorScope, scopeKind } from './scope-tokens';
import type { Author } from './types';

/** `active`: offered. `muted`: kept and shown, never offered. `expired`: past its date, kept 30 days. */
export const MEMORY_STATES = ['active', 'muted', 'expired'] as const;
export type MemoryState = (typeof MEMORY_STATES)[number];

export const DAY_MS = 86_400_000;
/** The furthest an expiry may be set: ten calendar years from now. */
export const MAX_EXPIRY_YEARS = 10;
/** The longest `ttlSeconds` a request may carry (ten years of 366 days); the date rule decides exactly. */
export const MAX_TTL_SECONDS = MAX_EXPIRY_YEARS * 366 * 86_400;
/** An expired memory is kept (and shown to its person under "Expired") this long, then deleted. */
export const EXPIRED_KEEP_DAYS = 30;
/** A fact is due for review this long after its last edit or confirmation, unless its tenant says otherwise. */
export const DEFAULT_REVIEW_INTERVAL_DAYS = 180;
/** What a tenant may set: the lifetime of the assistant's conclusions, and the review interval. */
export const LIFE_SETTING_LIMITS = {
  conclusionLifetimeDays: { min: 1, max: 3650 },
  reviewIntervalDays: { min: 7, max: 3650 },
} as const;
/** "Still true?": asked at most this often, about own memories untouched this long, this many at a time. */
export const STILL_TRUE_EVERY_DAYS = 7;
export const STILL_TRUE_MIN_AGE_DAYS = 180;
export const STILL_TRUE_MAX_ITEMS = 3;
/** One server call acts on at most this many memories. */
export const MAX_BULK_IDS = 500;

export interface LifeFieldError {
  field: 'expiresAt' | 'ttlSeconds' | 'reviewAt' | 'ids';
  message: string;
}

export type ExpiryVerdict = { ok: true; expiresAt: Date | null } | { ok: false; errors: LifeFieldError[] };

/** `now` plus ten calendar years, to the millisecond (29 February lands on 1 March). */
export function latestExpiry(now: Date): Date {
  const latest = new Date(now.getTime());
  latest.setUTCFullYear(latest.getUTCFullYear() + MAX_EXPIRY_YEARS);
  return latest;
}

export interface ExpiryRequest {
  /** A date, `null` to clear an expiry, or absent. */
  expiresAt?: Date | null;
  /** Seconds from `now`; the runtime's alternative to a date. */
  ttlSeconds?: number;
  now: Date;
}

/**
 * The expiry a write asks for: in the future, at most ten years out, one of the two fields.
 * `{ ok: true, expiresAt: null }` means "no expiry" (nothing given, or cleared); a caller that must
 * tell "not given" from "cleared" looks at its request itself.
 */
export function validateExpiry({ expiresAt, ttlSeconds, now }: ExpiryRequest): ExpiryVerdict {
  if (expiresAt != null && ttlSeconds !== undefined) {
    return {
      ok: false,
      errors: [{ field: 'ttlSeconds', message: 'ttlSeconds cannot be given together with expiresAt: give one of them' }],
    };
  }
  let at: Date | null = expiresAt ?? null;
  let field: LifeFieldError['field'] = 'expiresAt';
  if (ttlSeconds !== undefined) {
    if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1) {
      return { ok: false, errors: [{ field: 'ttlSeconds', message: 'ttlSeconds must be a whole number of seconds, at least 1' }] };
    }
    if (ttlSeconds > MAX_TTL_SECONDS) {
      return { ok: false, errors: [{ field: 'ttlSeconds', message: `ttlSeconds must be at most ${MAX_TTL_SECONDS} (10 years)` }] };
    }
    at = new Date(now.getTime() + ttlSeconds * 1000);
    field = 'ttlSeconds';
  }
  if (at === null) return { ok: true, expiresAt: null };
  if (Number.isNaN(at.getTime())) return { ok: false, errors: [{ field, message: `${field} must be a date and time` }] };
  if (at.getTime() <= now.getTime()) {
    return { ok: false, errors: [{ field, message: `${field} must be in the future` }] };
  }
  const latest = latestExpiry(now);
  if (at.getTime() > latest.getTime()) {
    return {
      ok: false,
      errors: [
        {
          field,
          message: `${field} must be at most ${MAX_EXPIRY_YEARS} years from now (${latest.toISOString().slice(0, 10)} at the latest)`,
        },
      ],
    };
  }
  return { ok: true, expiresAt: at };
}

export interface LifeOfRow {
  state: MemoryState;
  expiresAt: Date | null;
}

/** The state a row is in at `now`: its expiry counts from the second it passes, before any job moves it. */
export function stateAt(row: LifeOfRow, now: Date): MemoryState {
  if (row.state === 'expired') return 'expired';
  if (row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return row.state;
}

/** Whether a row may be offered at all (to a turn, the preview, the runtime): only active ones. */
export function isOffered(row: LifeOfRow, now: Date): boolean {
  return stateAt(row, now) === 'active';
}

/** Muted memories still take a place in the person's quota; expired ones no longer do. */
export function countsTowardQuota(row: LifeOfRow, now: Date): boolean {
  return stateAt(row, now) !== 'expired';
}

/** What the page says about a row's life; `expiresAt` only while it is still ahead. */
export type LifeStatus =
  { kind: 'active'; expiresAt: Date | null } | { kind: 'muted'; expiresAt: Date | null } | { kind: 'expired'; deleteAfter: Date };

/** `expiredAt`: when the job moved it; before that, the expiry itself starts the 30 days. */
export function lifeStatus(row: LifeOfRow & { expiredAt?: Date | null }, now: Date): LifeStatus {
  const state = stateAt(row, now);
  if (state === 'expired') {
    const from = row.expiredAt ?? row.expiresAt ?? now;
    return { kind: 'expired', deleteAfter: new Date(from.getTime() + EXPIRED_KEEP_DAYS * DAY_MS) };
  }
  return { kind: state, expiresAt: row.expiresAt };
}

/** Expired rows whose 30 days are over (moved before this moment) are deleted. */
export function expiredDeleteBefore(now: Date): Date {
  return new Date(now.getTime() - EXPIRED_KEEP_DAYS * DAY_MS);
}

/** The state after a save of the row: a re-save restores an expired memory; a muted one stays muted. */
export function stateAfterSave(previous: MemoryState | null): MemoryState {
  return previous === 'muted' ? 'muted' : 'active';
}

// ── Muting ──────────────────────────────────────────────────────────────────────────────────────

export type MuteDenial = 'ANOTHER_PERSONS_SCOPE' | 'HELD_AT_WIDER_SCOPE' | 'NOT_ADMINISTRATOR' | 'PINNED_FACT';

export type MuteVerdict = { allowed: true } | { allowed: false; reason: MuteDenial };

export interface MuteRequest {
  /** The record to mute or unmute. */
  target: { scope: string; pinned: boolean };
  /** The person asking. */
  actorRef: string;
  /** `person`: from My memories (own memories only). `administrator`: from Facts (shared scopes). */
  as: 'person' | 'administrator';
  /** The administers-check for exactly the target's scope. */
  administers: boolean;
  /** Muting (true) or restoring (false): only muting a pinned fact is refused. */
  muting: boolean;
}

/**
 * Who may mute what. A person mutes their own memories — an override of a pinned key too (the
 * organisation's value then applies). An administrator mutes a fact they administer, but never a
 * pinned one: a pin says "always on", so it is unpinned first, on purpose, where the pin
 * forecast shows who loses it.
 */
export function decideMute({ target, actorRef, as, administers, muting }: MuteRequest): MuteVerdict {
  if (scopeKind(target.scope) === ACTOR_KIND) {
    return target.scope === actorScope(actorRef) ? { allowed: true } : { allowed: false, reason: 'ANOTHER_PERSONS_SCOPE' };
  }
  if (as === 'person') return { allowed: false, reason: 'HELD_AT_WIDER_SCOPE' };
  if (!administers) return { allowed: false, reason: 'NOT_ADMINISTRATOR' };
  if (muting && target.pinned) return { allowed: false, reason: 'PINNED_FACT' };
  return { allowed: true };
}

export const PINNED_FACT_MUTE_MESSAGE =
  'A pinned fact is always on, so it cannot be muted. Unpin it first (the forecast shows who relies on it), then mute it.';

// ── Pinning ─────────────────────────────────────────────────────────────────────────────────────

export type PinDenial = 'MUTED_FACT';

export type PinVerdict = { allowed: true } | { allowed: false; reason: PinDenial };

/**
 * Whether a record may be pinned ("always on"): never while it is muted ("never offered"), the
 * mirror of muting a pinned fact. It is restored first, on purpose. Unpinning, and saving a record
 * that is pinned already, are always allowed; an expired one is restored by the save that pins it.
 */
export function decidePin({ target, pinning, now }: { target: LifeOfRow & { pinned: boolean }; pinning: boolean; now: Date }): PinVerdict {
  if (!pinning || target.pinned) return { allowed: true };
  if (stateAt(target, now) === 'muted') return { allowed: false, reason: 'MUTED_FACT' };
  return { allowed: true };
}

export const MUTED_FACT_PIN_MESSAGE =
  'A muted fact is not used at all, so it cannot be made always on. Restore it (unmute it) first, then pin it.';

// ── Lifetime of the assistant's conclusions ─────────────────────────────────────────────────────

/** The expiry a write gets when it names none: the tenant's lifetime, for the assistant's own conclusions only. */
export function defaultExpiry({
  author,
  scope,
  lifetimeDays,
  now,
}: {
  author: Author;
  scope: string;
  lifetimeDays: number | null;
  now: Date;
}): Date | null {
  if (author !== 'agent' || scopeKind(scope) !== ACTOR_KIND || lifetimeDays === null) return null;
  return new Date(now.getTime() + lifetimeDays * DAY_MS);
}

/** Applying a lifetime to a conclusion written before it was set: counted from its last change. */
export function lifetimeExpiry(updatedAt: Date, lifetimeDays: number): Date {
  return new Date(updatedAt.getTime() + lifetimeDays * DAY_MS);
}

// ── Review of facts ─────────────────────────────────────────────────────────────────────────────

export interface ReviewClock {
  updatedAt: Date;
  confirmedAt: Date | null;
  /** A date set for this fact; otherwise the tenant's interval after the last edit or confirmation. */
  reviewAt: Date | null;
}

export function reviewDueAt({ updatedAt, confirmedAt, reviewAt }: ReviewClock, intervalDays: number): Date {
  if (reviewAt !== null) return reviewAt;
  const last = confirmedAt !== null && confirmedAt.getTime() > updatedAt.getTime() ? confirmedAt : updatedAt;
  return new Date(last.getTime() + intervalDays * DAY_MS);
}

/** Shared facts only (a person's own memories are asked "Still true?" instead), and only offered ones. */
export function isDueForReview(row: ReviewClock & LifeOfRow & { scope: string }, intervalDays: number, now: Date): boolean {
  if (scopeKind(row.scope) === ACTOR_KIND) return false;
  if (stateAt(row, now) !== 'active') return false;
  return reviewDueAt(row, intervalDays).getTime() <= now.getTime();
}

/** A review date set by hand: in the future, at most ten years out. */
export function validateReviewAt(reviewAt: Date, now: Date): LifeFieldError | null {
  if (Number.isNaN(reviewAt.getTime())) return { field: 'reviewAt', message: 'reviewAt must be a date and time' };
  if (reviewAt.getTime() <= now.getTime()) return { field: 'reviewAt', message: 'reviewAt must be in the future' };
  if (reviewAt.getTime() > latestExpiry(now).getTime()) {
    return { field: 'reviewAt', message: `reviewAt must be at most ${MAX_EXPIRY_YEARS} years from now` };
  }
  return null;
}

// ── "Still true?" ───────────────────────────────────────────────────────────────────────────────

/** At most once a week. */
export function mayAskStillTrue(lastAskedAt: Date | null, now: Date): boolean {
  return lastAskedAt === null || now.getTime() - lastAskedAt.getTime() >= STILL_TRUE_EVERY_DAYS * DAY_MS;
}

export interface StillTrueCandidate extends LifeOfRow {
  id: string;
  scope: string;
  updatedAt: Date;
  confirmedAt: Date | null;
}

/**
 * The person's oldest own memories untouched for 180 days, never answered ("Yes" sets
 * `confirmedAt`, an edit moves `updatedAt`, "Forget" deletes), offered ones only, oldest first.
 */
export function stillTrueQuestions<T extends StillTrueCandidate>(rows: readonly T[], actorRef: string, now: Date): T[] {
  const own = actorScope(actorRef);
  const before = now.getTime() - STILL_TRUE_MIN_AGE_DAYS * DAY_MS;
  return rows
    .filter((row) => row.scope === own && row.confirmedAt === null && isOffered(row, now) && row.updatedAt.getTime() <= before)
    .sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, STILL_TRUE_MAX_ITEMS);
}

// ── Many at once ────────────────────────────────────────────────────────────────────────────────

/**
 * One call acts on 1–500 distinct ids. Semantics (docs/features.md "Many at once"): every id is
 * judged on its own and either done or reported with why (not found, refused, changed since); the
 * ones done commit together in one transaction, so an unexpected failure leaves all of them as they were.
 */
export function validateBulkIds(ids: readonly string[]): { ok: true; ids: string[] } | { ok: false; error: LifeFieldError } {
  const distinct = [...new Set(ids)];
  if (distinct.length === 0) return { ok: false, error: { field: 'ids', message: 'ids must name at least one memory' } };
  if (distinct.length > MAX_BULK_IDS) {
    return { ok: false, error: { field: 'ids', message: `ids must be at most ${MAX_BULK_IDS} per call (got ${distinct.length})` } };
  }
  return { ok: true, ids: distinct.sort() };
}

export type BulkOutcome = 'done' | 'unchanged' | 'not-found' | 'refused' | 'changed-since';

export interface BulkItemResult {
  id: string;
  outcome: BulkOutcome;
  /** A refusal's reason (the closed list), for `refused`. */
  reason?: string;
  message?: string;
}

export function summarizeBulk(results: readonly BulkItemResult[]): Record<BulkOutcome, number> {
  const counts: Record<BulkOutcome, number> = { done: 0, unchanged: 0, 'not-found': 0, refused: 0, 'changed-since': 0 };
  for (const result of results) counts[result.outcome] += 1;
  return counts;
}
