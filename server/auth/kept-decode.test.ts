import { decode, encode, getToken, type JWTDecodeParams } from 'next-auth/jwt';
import { describe, expect, it } from 'vitest';
import { keptDecode } from './kept-decode';

const SECRET = 'a-test-secret-of-enough-length-for-next-auth';

/** next-auth's own decode, counting its calls. */
function countingDecode() {
  const calls: string[] = [];
  const inner = async (params: JWTDecodeParams) => {
    calls.push(params.token ?? '');
    return decode(params);
  };
  return { inner, calls };
}

const cookie = (sid: string, maxAge = 3600, secret = SECRET) => encode({ token: { sub: 'usr_1', sid }, secret, maxAge });

describe('keptDecode', () => {
  it('decodes a cookie once and answers it again from what it kept', async () => {
    const { inner, calls } = countingDecode();
    const decodeCookie = keptDecode({ inner });
    const token = await cookie('ses_1');
    const first = await decodeCookie({ token, secret: SECRET });
    const second = await decodeCookie({ token, secret: SECRET });
    expect(first).toMatchObject({ sub: 'usr_1', sid: 'ses_1' });
    expect(second).toEqual(first);
    expect(calls).toHaveLength(1);
  });

  it('hands out a copy, so a caller that changes it changes nothing kept', async () => {
    const decodeCookie = keptDecode();
    const token = await cookie('ses_1');
    (await decodeCookie({ token, secret: SECRET }))!.sid = 'ses_other';
    (await decodeCookie({ token, secret: SECRET }))!.sid = 'ses_other'; // this one was kept
    expect((await decodeCookie({ token, secret: SECRET }))!.sid).toBe('ses_1');
  });

  it('stops answering from a kept payload once its exp and the leeway have passed', async () => {
    const { inner, calls } = countingDecode();
    let now = Date.now();
    const decodeCookie = keptDecode({ inner, now: () => now });
    const token = await cookie('ses_1', 60);
    await decodeCookie({ token, secret: SECRET });
    now += 70_000; // exp + 10 s: within next-auth's 15 s leeway, still answered from the kept payload
    await decodeCookie({ token, secret: SECRET });
    expect(calls).toHaveLength(1);
    now += 10_000; // exp + 20 s: past it, so it is decoded again (and, at this clock, not kept)
    await decodeCookie({ token, secret: SECRET });
    await decodeCookie({ token, secret: SECRET });
    expect(calls).toHaveLength(3);
  });

  it('refuses an expired cookie, and keeps nothing of a cookie that did not decode', async () => {
    const { inner, calls } = countingDecode();
    const decodeCookie = keptDecode({ inner });
    const expired = await cookie('ses_1', -60);
    await expect(decodeCookie({ token: expired, secret: SECRET })).rejects.toThrow();
    await expect(decodeCookie({ token: 'not-a-cookie', secret: SECRET })).rejects.toThrow();
    await expect(decodeCookie({ token: 'not-a-cookie', secret: SECRET })).rejects.toThrow();
    expect(calls).toEqual([expired, 'not-a-cookie', 'not-a-cookie']);
  });

  it('forgets everything when the secret changes: a cookie of the old secret no longer decodes', async () => {
    const decodeCookie = keptDecode();
    const token = await cookie('ses_1');
    await decodeCookie({ token, secret: SECRET });
    await expect(decodeCookie({ token, secret: `${SECRET}-rotated` })).rejects.toThrow();
  });

  it('keeps at most `limit` cookies, forgetting the one used longest ago', async () => {
    const { inner, calls } = countingDecode();
    const decodeCookie = keptDecode({ inner, limit: 2 });
    const [a, b, c] = await Promise.all([cookie('ses_a'), cookie('ses_b'), cookie('ses_c')]);
    await decodeCookie({ token: a, secret: SECRET });
    await decodeCookie({ token: b, secret: SECRET });
    await decodeCookie({ token: a, secret: SECRET }); // a is now the most recently used
    await decodeCookie({ token: c, secret: SECRET }); // so b is forgotten
    expect(calls).toEqual([a, b, c]);
    await decodeCookie({ token: a, secret: SECRET });
    await decodeCookie({ token: b, secret: SECRET });
    expect(calls).toEqual([a, b, c, b]);
  });

  it('serves getToken: the cookie named in the request, and null for one that does not decode', async () => {
    const decodeCookie = keptDecode();
    const token = await cookie('ses_1');
    const request = (value: string) =>
      ({
        cookies: { get: () => ({ name: 'next-auth.session-token', value }), getAll: () => [{ name: 'next-auth.session-token', value }] },
        headers: {},
      }) as unknown as Parameters<typeof getToken>[0]['req'];
    expect(await getToken({ req: request(token), secret: SECRET, decode: decodeCookie })).toMatchObject({ sid: 'ses_1' });
    expect(await getToken({ req: request('garbage'), secret: SECRET, decode: decodeCookie })).toBeNull();
  });
});
