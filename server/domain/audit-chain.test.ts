import { describe, expect, it } from 'vitest';
import {
  CHAIN_START,
  GENESIS_HASH,
  auditChainOf,
  canonicalAuditLink,
  canonicalJson,
  checkAuditLink,
  describeAuditBreak,
  type AuditLinkContent,
  type ChainCursor,
  type StoredAuditLink,
} from './audit-chain';

// A stand-in for SHA-256: any deterministic text function shows the linking rules.
const hashOf = (text: string) => `h(${text.length}:${[...text].reduce((sum, char) => (sum * 31 + char.codePointAt(0)!) % 1_000_003, 7)})`;

function link(seq: number, prevHash: string, overrides: Partial<AuditLinkContent> = {}): StoredAuditLink {
  const content: AuditLinkContent = {
    id: `aud_${seq}`,
    at: new Date(Date.UTC(2026, 10, 30, 12, 0, seq)),
    userId: 'usr_1',
    actorRef: 'u1',
    action: 'memory.saved',
    scope: 'actor:u1',
    tenantRef: 'berlin',
    memoryId: `mem_${seq}`,
    key: null,
    before: null,
    after: { version: seq },
    chain: 'tenant:berlin',
    seq,
    prevHash,
    ...overrides,
  };
  return { ...content, hash: hashOf(canonicalAuditLink(content)) };
}

function chainOf(length: number): StoredAuditLink[] {
  const rows: StoredAuditLink[] = [];
  for (let seq = 1; seq <= length; seq += 1) rows.push(link(seq, rows.at(-1)?.hash ?? GENESIS_HASH));
  return rows;
}

function check(rows: StoredAuditLink[]) {
  let cursor: ChainCursor = CHAIN_START;
  const breaks = [];
  for (const row of rows) {
    const checked = checkAuditLink(cursor, row, hashOf);
    breaks.push(...checked.breaks);
    cursor = checked.next;
  }
  return breaks;
}

describe('auditChainOf', () => {
  it('gives each tenant its own chain and rows of no tenant the global one', () => {
    expect(auditChainOf('berlin')).toBe('tenant:berlin');
    expect(auditChainOf('hamburg')).toBe('tenant:hamburg');
    expect(auditChainOf(null)).toBe('global');
  });
});

describe('canonicalJson', () => {
  it('prints like PostgreSQL prints jsonb: shorter keys first, then by bytes, with ", " and ": "', () => {
    // What `SELECT '{"version":1,"ab":[1,"x"],"author":"h","b":null}'::jsonb::text` prints.
    expect(canonicalJson({ version: 1, ab: [1, 'x'], author: 'h', b: null })).toBe(
      '{"b": null, "ab": [1, "x"], "author": "h", "version": 1}',
    );
  });

  it('orders keys by UTF-8 length, so a two-byte letter counts as two', () => {
    expect(canonicalJson({ ab: 1, é: 2, z: 3 })).toBe('{"z": 3, "ab": 1, "é": 2}');
  });

  it('escapes quotes, backslashes and control characters the way jsonb does, and keeps other text as is', () => {
    expect(canonicalJson('say "hi"\\ \n\t\r\b\f \u0001 é ✓ 😀')).toBe('"say \\"hi\\"\\\\ \\n\\t\\r\\b\\f \\u0001 é ✓ 😀"');
  });

  it('prints empty containers, booleans and nested values', () => {
    expect(canonicalJson({ a: [], b: {}, c: [true, false, { d: -1.5 }] })).toBe('{"a": [], "b": {}, "c": [true, false, {"d": -1.5}]}');
  });

  it('refuses numbers JSON cannot hold', () => {
    expect(() => canonicalJson(Number.NaN)).toThrow(/cannot hold the number NaN/);
  });
});

describe('canonicalAuditLink', () => {
  it('covers every content field, the chain position and the previous hash', () => {
    const base = link(3, 'p');
    const text = canonicalAuditLink(base);
    expect(text).toBe(
      '{"at": "2026-11-30T12:00:03.000Z", "id": "aud_3", "key": null, "seq": 3, "after": {"version": 3}, ' +
        '"chain": "tenant:berlin", "scope": "actor:u1", "action": "memory.saved", "before": null, "userId": "usr_1", ' +
        '"actorRef": "u1", "memoryId": "mem_3", "prevHash": "p", "tenantRef": "berlin"}',
    );
    for (const change of [
      { id: 'aud_x' },
      { at: new Date(0) },
      { userId: null },
      { action: 'memory.forgotten' },
      { key: 'k' },
      { after: null },
      { seq: 4 },
      { prevHash: 'q' },
      { chain: 'global' },
    ]) {
      expect(canonicalAuditLink({ ...base, ...change })).not.toBe(text);
    }
  });

  it('covers the token of a row made with one, and leaves rows without one as they always hashed', () => {
    const base = link(3, 'p');
    expect(canonicalAuditLink({ ...base, tokenId: null })).toBe(canonicalAuditLink(base));
    const withToken = canonicalAuditLink({ ...base, tokenId: 'tok_1' });
    expect(withToken).toContain('"tokenId": "tok_1"');
    expect(canonicalAuditLink({ ...base, tokenId: 'tok_2' })).not.toBe(withToken);
  });
});

describe('checkAuditLink', () => {
  it('accepts an intact chain', () => {
    expect(check(chainOf(5))).toEqual([]);
  });

  it('names a row whose content was changed', () => {
    const rows = chainOf(5);
    rows[2] = { ...rows[2]!, action: 'memory.forgotten' };
    expect(check(rows)).toEqual([{ kind: 'content-changed', chain: 'tenant:berlin', seq: 3, id: 'aud_3' }]);
  });

  it('names the seq of a removed row and the row where the chain resumes', () => {
    const rows = chainOf(5);
    rows.splice(1, 2);
    expect(check(rows)).toEqual([{ kind: 'row-missing', chain: 'tenant:berlin', seq: 2, missingThrough: 3, nextId: 'aud_4', nextSeq: 4 }]);
  });

  it('notices a missing first row', () => {
    expect(check(chainOf(3).slice(1))).toEqual([
      { kind: 'row-missing', chain: 'tenant:berlin', seq: 1, missingThrough: 1, nextId: 'aud_2', nextSeq: 2 },
    ]);
  });

  it('notices a row re-hashed after an edit: the next row no longer follows it', () => {
    const rows = chainOf(4);
    const forged = link(2, rows[0]!.hash, { action: 'memory.forgotten' });
    rows[1] = forged;
    expect(check(rows)).toEqual([{ kind: 'link-changed', chain: 'tenant:berlin', seq: 3, id: 'aud_3' }]);
  });

  it('keeps going after a break, so every break in a chain is reported', () => {
    const rows = chainOf(8);
    rows[1] = { ...rows[1]!, key: 'forged' };
    rows.splice(5, 1);
    expect(check(rows).map((found) => `${found.kind}@${found.seq}`)).toEqual(['content-changed@2', 'row-missing@6']);
  });
});

describe('describeAuditBreak', () => {
  it('names the chain, the seq and the row', () => {
    expect(describeAuditBreak({ kind: 'content-changed', chain: 'tenant:berlin', seq: 7, id: 'aud_7' })).toBe(
      'broken link in chain tenant:berlin at seq 7 (row id aud_7): content changed (its hash no longer matches what it holds)',
    );
    expect(describeAuditBreak({ kind: 'row-missing', chain: 'global', seq: 2, missingThrough: 2, nextId: 'aud_3', nextSeq: 3 })).toBe(
      'broken link in chain global at seq 2: row missing (the row is gone; the chain resumes at seq 3, row id aud_3)',
    );
    expect(describeAuditBreak({ kind: 'row-missing', chain: 'global', seq: 2, missingThrough: 4, nextId: 'aud_5', nextSeq: 5 })).toMatch(
      /at seq 2: row missing \(rows 2–4 are gone/,
    );
    expect(describeAuditBreak({ kind: 'link-changed', chain: 'global', seq: 4, id: 'aud_4' })).toMatch(
      /at seq 4 \(row id aud_4\): link changed/,
    );
  });
});
