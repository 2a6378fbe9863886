import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_THROTTLE,
  ADDRESS_THROTTLE,
  accountThrottleKey,
  combineThrottleVerdicts,
  countAttempt,
  decideThrottle,
  uncountAttempt,
  type ThrottleCounter,
} from './sign-in-throttle';

const start = new Date('2026-12-01T10:00:00.000Z');
const at = (ms: number) => new Date(start.getTime() + ms);
const MINUTE = 60_000;

describe('sign-in throttle', () => {
  it('allows the first five attempts on an account and refuses the sixth until the window ends', () => {
    let counter: ThrottleCounter | null = null;
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(decideThrottle(counter, ACCOUNT_THROTTLE, at(attempt * 1000))).toEqual({ allowed: true });
      counter = countAttempt(counter, ACCOUNT_THROTTLE, at(attempt * 1000));
    }
    expect(counter).toEqual({ windowStart: at(1000), failures: 5 });
    // The window opened at the first failure and lasts 15 minutes.
    expect(decideThrottle(counter, ACCOUNT_THROTTLE, at(6000))).toEqual({ allowed: false, retryAfterSeconds: 15 * 60 - 5 });
    expect(decideThrottle(counter, ACCOUNT_THROTTLE, at(15 * MINUTE + 999))).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(decideThrottle(counter, ACCOUNT_THROTTLE, at(15 * MINUTE + 1000))).toEqual({ allowed: true });
  });

  it('starts a fresh window once the old one has ended', () => {
    const old: ThrottleCounter = { windowStart: start, failures: 5 };
    expect(countAttempt(old, ACCOUNT_THROTTLE, at(15 * MINUTE))).toEqual({ windowStart: at(15 * MINUTE), failures: 1 });
  });

  it('allows 100 failures per address in ten minutes', () => {
    expect(decideThrottle({ windowStart: start, failures: 99 }, ADDRESS_THROTTLE, at(MINUTE))).toEqual({ allowed: true });
    expect(decideThrottle({ windowStart: start, failures: 100 }, ADDRESS_THROTTLE, at(MINUTE))).toEqual({
      allowed: false,
      retryAfterSeconds: 9 * 60,
    });
    expect(decideThrottle({ windowStart: start, failures: 100 }, ADDRESS_THROTTLE, at(10 * MINUTE))).toEqual({ allowed: true });
  });

  it('takes back the count of a right password, never below zero', () => {
    expect(uncountAttempt({ windowStart: start, failures: 3 }, ACCOUNT_THROTTLE, at(MINUTE))).toEqual({ windowStart: start, failures: 2 });
    expect(uncountAttempt({ windowStart: start, failures: 0 }, ACCOUNT_THROTTLE, at(MINUTE))).toEqual({ windowStart: start, failures: 0 });
  });

  it('refuses when either limit refuses and names the later end', () => {
    expect(combineThrottleVerdicts([{ allowed: true }, { allowed: true }])).toEqual({ allowed: true });
    expect(
      combineThrottleVerdicts([{ allowed: false, retryAfterSeconds: 30 }, { allowed: true }, { allowed: false, retryAfterSeconds: 90 }]),
    ).toEqual({ allowed: false, retryAfterSeconds: 90 });
  });

  it('counts an account by the email as typed, whatever its case and spaces', () => {
    expect(accountThrottleKey(' Alice@Example.COM ')).toBe(accountThrottleKey('alice@example.com'));
  });
});
