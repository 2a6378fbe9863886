import { describe, expect, it } from 'vitest';
import { cookieValue, lsnReached, parseLsn, readStep } from './read-routing';

describe('parseLsn', () => {
  it.each([
    ['16/B374D848', '16/B374D848'],
    ['0/1a2b', '0/1A2B'],
    ['FFFFFFFF/FFFFFFFF', 'FFFFFFFF/FFFFFFFF'],
    ['1/123456789', null],
    ["0/0'; DROP TABLE x; --", null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%s → %s', (raw, parsed) => expect(parseLsn(raw)).toBe(parsed));
});

describe('lsnReached', () => {
  it.each([
    ['0/10', '0/10', true],
    ['0/11', '0/10', true],
    ['0/F', '0/10', false],
    // The high half counts first: 1/0 is past every 0/…, whatever the text's length.
    ['1/0', '0/FFFFFFFF', true],
    ['0/FFFFFFFF', '1/0', false],
    ['A/0', '9/FFFFFFFF', true],
    [null, '0/1', false],
    ['nonsense', '0/1', false],
  ] as const)('replayed %s, wanted %s → %s', (replayed, wanted, reached) => expect(lsnReached(replayed, wanted)).toBe(reached));
});

describe('readStep', () => {
  const base = { waitMs: 500, pollMs: 20 };

  it('reads from the replica when there is no write to wait for, or a cookie that is no position', () => {
    expect(readStep({ ...base, after: null, replayed: null, elapsedMs: 0 })).toBe('replica');
    expect(readStep({ ...base, after: undefined, replayed: '0/1', elapsedMs: 0 })).toBe('replica');
    expect(readStep({ ...base, after: "0/0'; --", replayed: null, elapsedMs: 0 })).toBe('replica');
  });

  it('reads from the replica once it has replayed the write', () => {
    expect(readStep({ ...base, after: '0/10', replayed: '0/10', elapsedMs: 0 })).toBe('replica');
    expect(readStep({ ...base, after: '0/10', replayed: '1/0', elapsedMs: 480 })).toBe('replica');
  });

  it('waits while the wait allows another look, then reads from the primary', () => {
    expect(readStep({ ...base, after: '0/10', replayed: '0/F', elapsedMs: 0 })).toBe('wait');
    expect(readStep({ ...base, after: '0/10', replayed: '0/F', elapsedMs: 480 })).toBe('wait');
    expect(readStep({ ...base, after: '0/10', replayed: '0/F', elapsedMs: 481 })).toBe('primary');
    expect(readStep({ ...base, after: '0/10', replayed: null, elapsedMs: 900 })).toBe('primary');
  });

  it('with no wait at all, a person with an unreplayed write reads from the primary at once', () => {
    expect(readStep({ after: '0/10', replayed: '0/F', elapsedMs: 0, waitMs: 0, pollMs: 20 })).toBe('primary');
  });
});

describe('cookieValue', () => {
  it('finds the named cookie among others, URL-decoded as servers set it', () => {
    expect(cookieValue('a=1; mc_wal=16%2FB374D848; b=2', 'mc_wal')).toBe('16/B374D848');
    expect(cookieValue('mc_wal=0/1', 'mc_wal')).toBe('0/1');
  });

  it('is undefined without the cookie, without a header, or when its value does not decode', () => {
    expect(cookieValue('x_mc_wal=0/1; other=2', 'mc_wal')).toBeUndefined();
    expect(cookieValue(null, 'mc_wal')).toBeUndefined();
    expect(cookieValue('mc_wal=%E0%A4%A', 'mc_wal')).toBeUndefined();
  });
});
