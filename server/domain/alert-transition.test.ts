import { describe, expect, it } from 'vitest';
import { decideAlertTransition } from './alert-transition';

describe('decideAlertTransition', () => {
  it('acknowledges only an open alert and resolves an open or acknowledged one', () => {
    expect(decideAlertTransition('open', 'acknowledge')).toEqual({ ok: true });
    expect(decideAlertTransition('acknowledged', 'acknowledge')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('acknowledged'),
    });
    expect(decideAlertTransition('open', 'resolve')).toEqual({ ok: true });
    expect(decideAlertTransition('acknowledged', 'resolve')).toEqual({ ok: true });
    expect(decideAlertTransition('resolved', 'resolve')).toMatchObject({ ok: false, reason: expect.stringContaining('resolved') });
    expect(decideAlertTransition('resolved', 'acknowledge')).toMatchObject({ ok: false });
  });
});
