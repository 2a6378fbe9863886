// The words a person reads about their memories, in one place so every surface (rows, badges,
// tooltips, dialogs, the form, the export's labels) says the same thing. Two questions are kept
// apart: *whose scope* a memory is held for (you, a group such as "Hamburg depot", your
// organisation, everyone) and *who said it* (you, an administrator, the assistant). The words are
// always "memory" and "assistant"; API values such as `author: "agent"` stay as they are.
// Pure, so it can be tested and used anywhere in the browser.
import type { Author, FactError, ScopeAudience } from '@/server/domain';
import type { BadgeTone } from '@/components/ui/badge';
import { perTurnLimit } from '@/components/words';

export interface ScopeWords {
  audience: ScopeAudience;
  /** The scope's kind, e.g. `depot` for `depot:hh`. */
  kind: string;
  /**
   * A custom scope's label ("Hamburg depot"), when known. For a person's own scope and their
   * organisation's, the words someone else reads them by (Member preview: "Only Hana Hoffmann",
   * "Hana Hoffmann’s organisation"); without them, the words address the reader.
   */
  label?: string | null;
}

/** What the next conversation does with a memory (the read path's per-row status). */
export type TurnStatus = 'carried' | 'leftOut' | 'alwaysOnLeftOut';

/** A custom scope by its label; without one, its kind in plain case ("depot" → "Depot"). */
function groupName({ kind, label }: ScopeWords): string {
  if (label) return label;
  return `${kind.charAt(0).toUpperCase()}${kind.slice(1)}`;
}

// ── Whose scope ─────────────────────────────────────────────────────────────────────────────────

/**
 * Who a memory is held for, as a badge: Just you / Hamburg depot / Your organisation / Everyone, or
 * the label given for the person's own scope and organisation when someone else reads them.
 */
export function scopeBadge(words: ScopeWords): { label: string; tone: BadgeTone } {
  switch (words.audience) {
    case 'mine':
      return { label: words.label || 'Just you', tone: 'indigo' };
    case 'personal':
      return { label: 'Another person', tone: 'slate' };
    case 'custom':
      return { label: groupName(words), tone: 'amber' };
    case 'organisation':
      return { label: words.label || 'Your organisation', tone: 'emerald' };
    case 'everyone':
      return { label: 'Everyone', tone: 'sky' };
  }
}

/** Read before the badge by screen readers, and shown as its tooltip. */
export const SCOPE_BADGE_PREFIX = 'Applies to';

/** Whose value it is, in a sentence: "your organisation's value". */
export function valueOf(words: ScopeWords): string {
  switch (words.audience) {
    case 'mine':
      return 'your own memory';
    case 'personal':
      return 'another person’s memory';
    case 'custom':
      return `the ${groupName(words)} value`;
    case 'organisation':
      return 'your organisation’s value';
    case 'everyone':
      return 'the value for everyone';
  }
}

/** Who a shared memory is held for, once per list: "everyone in your organisation". */
export function heldForWhom(words: ScopeWords): string {
  switch (words.audience) {
    case 'organisation':
      return 'everyone in your organisation';
    case 'everyone':
      return 'everyone who uses the assistant';
    case 'custom':
      return `everyone in ${groupName(words)}`;
    case 'mine':
      return 'you alone';
    case 'personal':
      return 'another person';
  }
}

// ── Who said it ─────────────────────────────────────────────────────────────────────────────────

/**
 * Who said the value that applies, in a person's words. A guess the person kept as their own
 * ("Keep mine") is theirs now, but they did not word it, and the row says so.
 */
export function authorshipWords(author: Author, words: ScopeWords, keptGuess = false): string {
  if (author === 'agent') return 'The assistant’s guess';
  if (words.audience !== 'mine') return 'Set by an administrator';
  return keptGuess ? 'You confirmed the assistant’s guess' : 'You said this';
}

/** The same, for a value the row's memory overrides (in a sentence: lower case). */
export function overrideAuthorWords(author: Author, words: ScopeWords): string {
  const said = authorshipWords(author, words);
  return said.charAt(0).toLowerCase() + said.slice(1);
}

/** The lead-in of a value the memory overrides: "Your organisation's value". */
export function overrideLead(words: ScopeWords): string {
  const name = valueOf(words);
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

// ── What the next conversation does with it ─────────────────────────────────────────────────────

export interface StatusWords {
  label: string;
  /** One sentence on why, and what can be done. */
  detail: string;
  tone: 'ok' | 'muted' | 'warning';
}

export function statusWords(status: TurnStatus, maxMemories: number): StatusWords {
  switch (status) {
    case 'carried':
      return { label: 'Used in your next conversation', detail: 'The assistant is given this memory.', tone: 'ok' };
    case 'leftOut':
      return {
        label: 'Left out of your next conversation',
        detail: `Over your organisation’s limit of ${perTurnLimit(maxMemories)}; always-on and closer memories go first.`,
        tone: 'muted',
      };
    case 'alwaysOnLeftOut':
      return {
        label: 'Always on, but left out',
        detail:
          `Your organisation’s limit of ${perTurnLimit(maxMemories)} is taken by other always-on memories. ` +
          'An administrator can raise the limit or make fewer memories always on.',
        tone: 'warning',
      };
  }
}

/** The marker on the person's own value of a topic an administrator made always on. */
export const OWN_ALWAYS_ON_LABEL = 'Always on: your organisation pins this topic';

/** The always-on marker's tooltip: what is true for this row (or, without a status, in general). */
export function alwaysOnExplanation(status?: TurnStatus): string {
  const what = 'An administrator made this topic always on: whichever value applies to you goes first into every conversation';
  if (status === 'alwaysOnLeftOut') {
    return `${what} — but right now more memories are always on than your organisation’s limit allows, so this one is left out.`;
  }
  if (status === 'carried') return `${what}, not only when it seems relevant. It is used in your next conversation.`;
  return `${what}, as far as your organisation’s limit allows.`;
}

// ── Conflicts: the assistant's guess over a shared value ────────────────────────────────────────

export interface ConflictWords {
  /** "The assistant's guess replaces your organisation's value for you." */
  summary: string;
  keepLabel: string;
  useTheirsLabel: string;
}

export function conflictWords(overridden: ScopeWords): ConflictWords {
  return {
    summary: `For you, the assistant’s guess replaces ${valueOf(overridden)}. Decide which one should apply.`,
    keepLabel: 'Keep mine',
    useTheirsLabel: `Use ${theirValueName(overridden)}`,
  };
}

function theirValueName(words: ScopeWords): string {
  switch (words.audience) {
    case 'organisation':
      return 'the organisation’s value';
    case 'everyone':
      return 'everyone’s value';
    case 'custom':
      return `the ${groupName(words)} value`;
    default:
      return 'the other value';
  }
}

// ── Holder notes, links ─────────────────────────────────────────────────────────────────────────

/** Shown instead of Edit/Delete on a memory that is not the person's own (the "held for" is said once for the list). */
export const HOLDER_NOTE = 'Only an administrator can change it.';

/** A memory named in a notice or a dialog by its own words (keys are shown only under Advanced). */
export function quoteOf(text: string): string {
  return `“${text.length > 60 ? `${text.slice(0, 57).trimEnd()}…` : text}”`;
}

/** Where an administrator changes a shared memory: the Facts page, opened at that memory. */
export function factHref(scope: string, key: string): string {
  return `/admin/facts?${new URLSearchParams({ scope, key })}`;
}

// ── The form's errors, as sentences ─────────────────────────────────────────────────────────────

/** A fact error as a sentence a person acts on; the counter already says the count, this says what to do. */
export function factErrorSentence(
  error: Pick<FactError, 'message'> & { field: string; reason?: string; limit?: number; got?: number },
): string {
  const what = error.field === 'key' ? 'The key' : 'The memory';
  switch (error.reason) {
    case 'required':
      return error.field === 'key' ? 'Give the memory a key.' : 'Write what the assistant should remember.';
    case 'too-long':
      return `Keep it under ${error.limit ?? ''} characters — this one has ${error.got ?? ''}.`.replace(/ {2,}/g, ' ');
    case 'pattern':
      return 'The key may use only lowercase letters, digits, dots, underscores and hyphens, and must start with a letter or digit.';
    case 'line-break':
      return 'A memory is one line: remove the line breaks.';
    case 'control':
      return `${what} contains a tab or another control character; remove it.`;
    case 'unicode':
      return `${what} contains hidden characters that could change how it reads; retype it.`;
    case 'invisible':
      return 'Write at least one visible character.';
    default:
      return sentenceCase(error.message);
  }
}

function sentenceCase(message: string): string {
  const trimmed = message.trim();
  const capital = `${trimmed.charAt(0).toUpperCase()}${trimmed.slice(1)}`;
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

// ── Which rows are a decision ───────────────────────────────────────────────────────────────────

interface ConflictCandidate {
  mine: boolean;
  author: Author;
  overrides: readonly { audience: ScopeAudience }[];
}

/**
 * The shared value the assistant's guess overrides for the person, when there is one: a guess at
 * their own scope beating a value set for a group, their organisation or everyone. That is a
 * decision for the person, not a footnote.
 */
export function overriddenSharedValue<T extends ConflictCandidate>(memory: T): T['overrides'][number] | null {
  if (!memory.mine || memory.author !== 'agent') return null;
  return memory.overrides.find((override) => override.audience !== 'mine' && override.audience !== 'personal') ?? null;
}

// --- The rows the server writes into My memories' HTML ------------------------------------------
// The browser draws the rest of the first page as soon as it takes over, so the server's rows only
// need to cover what a person sees before that: the list's part of a large screen, and some. Each row
// the server writes costs it CPU on every load of the page (docs/benchmarks.md "http"), and rows
// differ in height fivefold: one line for most, several more for a row that asks for a decision. So
// the server writes rows until their estimated height covers SERVER_ROWS_HEIGHT_PX, and never more
// than SERVER_ROWS_MAX (memory-list.tsx). Here, beside the words that decide what a row shows.

/** At most this many rows in the server's HTML, however short they are. */
export const SERVER_ROWS_MAX = 12;

/**
 * The list's height the server's rows should reach, in CSS pixels: the list starts about 430 px down
 * the page on a desktop screen, so this covers a screen 1,440 px tall with a little to spare.
 */
export const SERVER_ROWS_HEIGHT_PX = 1_200;

// A row's parts as memory-row.tsx draws them at desktop width (measured at 1,280 px; on a phone every
// part is taller, so the same rows cover more than a phone's screen).
// The value and its details on one line, with the row's padding. Many rows wrap to a second line
// (62–65 px): too low an estimate only makes the server write a row or two more.
const LINE_PX = 41;
const DECISION_PX = 120; // "The assistant's guess" and its two buttons (GuessDecision)
const OVERRIDES_PX = 12; // the overridden values' list, before its first line
const OVERRIDE_PX = 28; // each overridden value
const STATUS_PX = 24; // "Left out of your next conversation" and the like

type RowShape = ConflictCandidate & { status: TurnStatus };

/** A row's estimated height at desktop width. */
export function estimatedRowHeight(memory: RowShape): number {
  return (
    LINE_PX +
    // The limit only changes the line's words, not whether it is shown.
    (statusWords(memory.status, 0).tone === 'ok' ? 0 : STATUS_PX) +
    (overriddenSharedValue(memory) ? DECISION_PX : 0) +
    (memory.overrides.length > 0 ? OVERRIDES_PX + OVERRIDE_PX * memory.overrides.length : 0)
  );
}

/** How many of `memories`, from the first, the server writes into the page. */
export function rowsInServerHtml(memories: readonly RowShape[]): number {
  const most = Math.min(memories.length, SERVER_ROWS_MAX);
  let height = 0;
  for (let index = 0; index < most; index++) {
    height += estimatedRowHeight(memories[index]!);
    if (height >= SERVER_ROWS_HEIGHT_PX) return index + 1;
  }
  return most;
}
