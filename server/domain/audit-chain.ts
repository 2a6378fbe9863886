// The audit log's hash chain: which chain a row belongs to, the canonical text its hash covers,
// and where a chain read back from the database stops linking up. Hashing itself is passed in.

/** A JSON value as stored in the audit row's before/after columns. */
export type AuditJson = null | boolean | number | string | AuditJson[] | { [key: string]: AuditJson };

/** The prev_hash of the first row in every chain. */
export const GENESIS_HASH = '0'.repeat(64);

export const GLOBAL_AUDIT_CHAIN = 'global';

/** One chain per tenant, plus one for rows that belong to no tenant. */
export function auditChainOf(tenantRef: string | null): string {
  return tenantRef === null ? GLOBAL_AUDIT_CHAIN : `tenant:${tenantRef}`;
}

/** Everything a row's hash covers: its content, its place in the chain and the previous hash. */
export interface AuditLinkContent {
  id: string;
  at: Date;
  userId: string | null;
  actorRef: string | null;
  action: string;
  scope: string | null;
  tenantRef: string | null;
  memoryId: string | null;
  key: string | null;
  /** The person a change to people or access is about (they see it on their account page). */
  subjectUserId?: string | null;
  /** The API token that made the change, when no signed-in person did (the runtime's forget). */
  tokenId?: string | null;
  before: AuditJson;
  after: AuditJson;
  chain: string;
  seq: number;
  prevHash: string;
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** PostgreSQL's jsonb key order: shorter (in UTF-8 bytes) first, then by bytes. */
function compareKeys(a: string, b: string): number {
  const byLength = utf8Length(a) - utf8Length(b);
  if (byLength !== 0) return byLength;
  // Code point order is UTF-8 byte order.
  const left = [...a];
  const right = [...b];
  for (let i = 0; i < left.length; i += 1) {
    const diff = left[i]!.codePointAt(0)! - right[i]!.codePointAt(0)!;
    if (diff !== 0) return diff;
  }
  return 0;
}

function quote(text: string): string {
  let out = '"';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === '"') out += '\\"';
    else if (char === '\\') out += '\\\\';
    else if (char === '\b') out += '\\b';
    else if (char === '\f') out += '\\f';
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (code < 0x20) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += char;
  }
  return `${out}"`;
}

/**
 * JSON text exactly as PostgreSQL prints a jsonb value (`value::text`): keys in jsonb order,
 * ", " and ": " separators. The migration that chained the rows written before the chain existed
 * hashed `jsonb_build_object(...)::text`, so this must stay byte-for-byte the same.
 */
export function canonicalJson(value: AuditJson): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Audit content cannot hold the number ${value}.`);
    return JSON.stringify(value);
  }
  if (typeof value === 'string') return quote(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(', ')}]`;
  const keys = Object.keys(value)
    .filter((key) => value[key] !== undefined)
    .sort(compareKeys);
  return `{${keys.map((key) => `${quote(key)}: ${canonicalJson(value[key]!)}`).join(', ')}}`;
}

/** The milliseconds-precise UTC instant, as the column (TIMESTAMP(3)) keeps it. */
function instant(at: Date): string {
  return at.toISOString();
}

/** The exact text a row's hash is computed over. */
export function canonicalAuditLink(row: AuditLinkContent): string {
  return canonicalJson({
    id: row.id,
    at: instant(row.at),
    userId: row.userId,
    actorRef: row.actorRef,
    action: row.action,
    scope: row.scope,
    tenantRef: row.tenantRef,
    memoryId: row.memoryId,
    key: row.key,
    // Only rows about a person carry it, so the rows written before it existed hash as they did.
    ...(row.subjectUserId ? { subjectUserId: row.subjectUserId } : {}),
    // Likewise only rows made with an API token.
    ...(row.tokenId ? { tokenId: row.tokenId } : {}),
    before: row.before,
    after: row.after,
    chain: row.chain,
    seq: row.seq,
    prevHash: row.prevHash,
  });
}

/** A row as read back for verification: its content plus the hash stored with it. */
export interface StoredAuditLink extends AuditLinkContent {
  hash: string;
}

export type AuditBreak =
  | { kind: 'row-missing'; chain: string; seq: number; missingThrough: number; nextId: string; nextSeq: number }
  | { kind: 'content-changed'; chain: string; seq: number; id: string }
  | { kind: 'link-changed'; chain: string; seq: number; id: string };

export interface ChainCursor {
  /** The seq the next row must have. */
  nextSeq: number;
  /** The hash the next row's prev_hash must name. */
  prevHash: string;
}

export const CHAIN_START: ChainCursor = { nextSeq: 1, prevHash: GENESIS_HASH };

/**
 * Checks the next row of one chain (rows come in seq order). Returns what is wrong with the link
 * and the cursor for the row after it. After a break the chain is followed from the row as
 * stored, so every break in a chain is reported, not only the first.
 */
export function checkAuditLink(
  cursor: ChainCursor,
  row: StoredAuditLink,
  hashOf: (canonical: string) => string,
): { breaks: AuditBreak[]; next: ChainCursor } {
  const breaks: AuditBreak[] = [];
  if (row.seq > cursor.nextSeq) {
    breaks.push({
      kind: 'row-missing',
      chain: row.chain,
      seq: cursor.nextSeq,
      missingThrough: row.seq - 1,
      nextId: row.id,
      nextSeq: row.seq,
    });
  } else if (row.seq !== cursor.nextSeq || row.prevHash !== cursor.prevHash) {
    breaks.push({ kind: 'link-changed', chain: row.chain, seq: row.seq, id: row.id });
  }
  if (hashOf(canonicalAuditLink(row)) !== row.hash) {
    breaks.push({ kind: 'content-changed', chain: row.chain, seq: row.seq, id: row.id });
  }
  return { breaks, next: { nextSeq: row.seq + 1, prevHash: row.hash } };
}

/** One line per break, naming the chain, the seq and the row. */
export function describeAuditBreak(found: AuditBreak): string {
  const where = `broken link in chain ${found.chain} at seq ${found.seq}`;
  switch (found.kind) {
    case 'row-missing': {
      const range = found.missingThrough > found.seq ? `rows ${found.seq}–${found.missingThrough} are` : 'the row is';
      return `${where}: row missing (${range} gone; the chain resumes at seq ${found.nextSeq}, row id ${found.nextId})`;
    }
    case 'content-changed':
      return `${where} (row id ${found.id}): content changed (its hash no longer matches what it holds)`;
    case 'link-changed':
      return `${where} (row id ${found.id}): link changed (it does not follow the previous row's hash)`;
  }
}
