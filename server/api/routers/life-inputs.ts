// Inputs of a memory's life (docs/concepts.md "The life of a memory"), shared by the routers that
// write memories and facts: an expiry (a date and time, or null to keep it until deleted) and the
// ids of one bulk call. The limits are the domain's (server/domain/memory-life.ts).
import { z } from 'zod';
import { MAX_BULK_IDS } from '../../domain';
import { inputId } from '../inputs';

/** A date and time with its offset; the domain checks it is ahead and at most ten years out. */
export const instantInput = (field: string) =>
  z.iso.datetime({ offset: true, message: `${field} must be a date and time like 2026-12-31T18:00:00Z` });

/** Absent: keep what the record has. null: no expiry. */
export const expiresAtInput = instantInput('expiresAt').nullable().optional();

export const bulkIdsInput = z
  .array(inputId)
  .min(1, 'ids must name at least one memory')
  .max(MAX_BULK_IDS, `ids must be at most ${MAX_BULK_IDS} per call`);

/** The router's ISO text as the write path's expiry. */
export function expiryOf(expiresAt: string | null | undefined): { expiresAt: Date | null } | undefined {
  if (expiresAt === undefined) return undefined;
  return { expiresAt: expiresAt === null ? null : new Date(expiresAt) };
}
