// The words a person reads for scopes and authorship: who holds a memory, who decided it, and who
// can change it. Pure, so server and client render the same text.
import type { Author, ScopeAudience } from '@/server/domain';
import type { BadgeTone } from '@/components/ui/badge';

export interface ScopeWords {
  audience: ScopeAudience;
  /** The scope's kind, e.g. `depot` for `depot:hh`. */
  kind: string;
}

export function scopeBadge({ audience, kind }: ScopeWords): { label: string; tone: BadgeTone } {
  switch (audience) {
    case 'mine':
      return { label: 'Mine', tone: 'indigo' };
    case 'personal':
      return { label: 'Personal', tone: 'slate' };
    case 'custom':
      return { label: kind, tone: 'amber' };
    case 'organisation':
      return { label: 'Organisation', tone: 'emerald' };
    case 'everyone':
      return { label: 'Everyone', tone: 'sky' };
  }
}

/** Who decided the value that applies, in a person's words. */
export function authorshipWords(author: Author, { audience, kind }: ScopeWords): string {
  if (author === 'agent') return 'The assistant concluded';
  switch (audience) {
    case 'mine':
      return 'You said';
    case 'personal':
      return 'A person stated';
    case 'custom':
      return `Stated for your ${kind}`;
    case 'organisation':
      return 'Your organisation stated';
    case 'everyone':
      return 'Stated for everyone';
  }
}

/** How a person calls the value held at a scope: "your organisation's setting". */
export function settingName({ audience, kind }: ScopeWords): string {
  switch (audience) {
    case 'mine':
      return 'your own note';
    case 'personal':
      return 'a personal note';
    case 'custom':
      return `your ${kind}'s setting`;
    case 'organisation':
      return "your organisation's setting";
    case 'everyone':
      return 'the setting for everyone';
  }
}

/** The lead-in of a value the winner beat: "Your organisation's setting differs". */
export function overrideLead(words: ScopeWords): string {
  const name = settingName(words);
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} differs`;
}

export function overrideAuthorWords(author: Author): string {
  return author === 'agent' ? 'concluded by the assistant' : 'stated by a person';
}

function heldFor({ audience, kind }: ScopeWords): string {
  const who =
    audience === 'organisation'
      ? 'everyone in your organisation'
      : audience === 'everyone'
        ? 'everyone who uses the assistant'
        : audience === 'custom'
          ? `everyone in your ${kind}`
          : 'another person';
  return `Held for ${who}.`;
}

/** Shown instead of a delete button on a memory that is not the person's own. */
export function holderNote(words: ScopeWords): string {
  return `${heldFor(words)} Only an administrator can change or remove it.`;
}

/** Shown instead of the holder note on a shared memory the person administers. */
export function administeredNote(words: ScopeWords): string {
  return `${heldFor(words)} You administer it.`;
}

/** Where an administrator changes a shared fact: the Facts page, opened at that fact. */
export function factHref(scope: string, key: string): string {
  return `/admin/facts?${new URLSearchParams({ scope, key })}`;
}
