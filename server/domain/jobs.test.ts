import { describe, expect, it } from 'vitest';
import { keptResponse, quietSince, RETRY_BASE_MS, RETRY_CAP_MS, retryDelayMs, webhookUrlProblem } from './jobs';

describe('retryDelayMs', () => {
  it('doubles after each failed attempt and stops at the cap', () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([RETRY_BASE_MS, 2 * RETRY_BASE_MS, 4 * RETRY_BASE_MS]);
    expect(retryDelayMs(40)).toBe(RETRY_CAP_MS);
  });
});

describe('quietSince', () => {
  it('is the quiet period before now', () => {
    expect(quietSince(Date.UTC(2026, 0, 1, 12), 60)).toEqual(new Date(Date.UTC(2026, 0, 1, 11)));
  });
});

describe('webhookUrlProblem', () => {
  it('accepts https to public hosts only by default', () => {
    expect(webhookUrlProblem('https://hooks.example.com/x')).toBeNull();
    expect(webhookUrlProblem('http://localhost:4000/x')).toMatch(/https/);
    expect(webhookUrlProblem('https://127.0.0.1:4000/x')).toMatch(/loopback/);
    expect(webhookUrlProblem('http://hooks.example.com/x')).toMatch(/https/);
    expect(webhookUrlProblem('ftp://hooks.example.com/x')).toMatch(/https/);
    expect(webhookUrlProblem('not a url')).toMatch(/full URL/);
    expect(webhookUrlProblem('https://user:pw@hooks.example.com/')).toMatch(/password/);
    expect(webhookUrlProblem(`https://example.com/${'a'.repeat(2000)}`)).toMatch(/2000/);
  });
});

describe('keptResponse', () => {
  it('keeps at most 1 kB of a response', () => {
    expect(keptResponse('ok')).toBe('ok');
    expect(keptResponse('x'.repeat(5000))).toHaveLength(1024);
  });
});
