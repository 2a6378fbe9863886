// The shapes every layer shares: a stored memory, what precedence makes of it, and what one turn carries.

/** Who decided a fact: a person stated it, or the assistant concluded it. */
export type Author = 'human' | 'agent';

export interface MemoryRecord {
  id: string;
  key: string;
  text: string;
  scope: string;
  pinned: boolean;
  author: Author;
  updatedAt: Date;
  actorRef?: string;
  threadId?: string;
  runId?: string;
}

/** A value beaten by a narrower one; it keeps its author because precedence ignores authorship. */
export interface Override {
  scope: string;
  text: string;
  author: Author;
}

/** The winning record for one key, with every value it beat and whether the key is pinned anywhere. */
export interface ResolvedEntry extends MemoryRecord {
  overrides: Override[];
  alwaysOn: boolean;
}

/** What one turn reports about its memory; counts only, never a key or a fact. */
export interface MemoryDigest {
  scopes: string[];
  offered: number;
  omitted: number;
  pinnedOmitted: number;
  recalled: number;
  promptChars: number;
}

export interface Selection {
  entries: ResolvedEntry[];
  partial: boolean;
  digest: MemoryDigest;
}

export interface RenderedOverride {
  scope: string;
  text: string;
  author: Author;
  /** The line as it appears in the block, without indentation. */
  line: string;
}

export interface RenderedLine {
  id: string;
  scope: string;
  key: string;
  text: string;
  author: Author;
  alwaysOn: boolean;
  overrides: RenderedOverride[];
  /** The line as it appears in the block. */
  line: string;
}

export interface RenderedBlock {
  stated: RenderedLine[];
  concluded: RenderedLine[];
  partial: boolean;
  text: string;
}
