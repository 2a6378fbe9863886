import { decode, encode } from 'next-auth/jwt';
import { describe, expect, it } from 'vitest';
import { decodeSessionToken } from './session-token';

const token = { sub: 'usr_alice', sid: 'ses_one', name: 'Alice', email: 'alice@example.test' };

describe('decodeSessionToken', () => {
  it('reads a cookie next-auth made exactly as next-auth reads it, again and again', async () => {
    const secret = 'first secret';
    const cookie = await encode({ token, secret });
    const expected = await decode({ token: cookie, secret });
    expect(expected).toMatchObject(token);
    // The second and third reads use the key kept from the first.
    for (let i = 0; i < 3; i++) expect(await decodeSessionToken({ token: cookie, secret })).toEqual(expected);
  });

  it('does not accept a cookie under a changed secret, in either direction, once both keys are kept', async () => {
    const [oldSecret, newSecret] = ['the old secret', 'the new secret'];
    const oldCookie = await encode({ token, secret: oldSecret });
    const newCookie = await encode({ token, secret: newSecret });
    expect(await decodeSessionToken({ token: oldCookie, secret: oldSecret })).toMatchObject(token);
    expect(await decodeSessionToken({ token: newCookie, secret: newSecret })).toMatchObject(token);
    await expect(decodeSessionToken({ token: oldCookie, secret: newSecret })).rejects.toThrow();
    await expect(decodeSessionToken({ token: newCookie, secret: oldSecret })).rejects.toThrow();
  });

  it('refuses an expired cookie, as next-auth does', async () => {
    const secret = 'expiry secret';
    const cookie = await encode({ token, secret, maxAge: -60 });
    await expect(decode({ token: cookie, secret })).rejects.toThrow();
    await expect(decodeSessionToken({ token: cookie, secret })).rejects.toThrow();
  });

  it('reads nothing from an absent cookie, and leaves salted tokens to next-auth', async () => {
    expect(await decodeSessionToken({ token: undefined, secret: 'any' })).toBeNull();
    const salted = await encode({ token, secret: 'salted secret', salt: 'other purpose' });
    expect(await decodeSessionToken({ token: salted, secret: 'salted secret', salt: 'other purpose' })).toMatchObject(token);
    await expect(decodeSessionToken({ token: salted, secret: 'salted secret' })).rejects.toThrow();
  });
});
