import { describe, expect, it } from 'vitest';
import { byNarrowestThenNewest, byScopeThenKey, compareText, scopeOrder } from './ordering';
import { day } from './test-fixtures';

const order = scopeOrder(['actor:u1', 'tenant:berlin', 'global', 'actor:u1']);
const item = (id: string, scope: string, key: string, updatedAt = day(1)) => ({ id, scope, key, updatedAt });

describe('scopeOrder', () => {
  it('ranks by first position and puts unknown scopes last', () => {
    expect(order.rank('actor:u1')).toBe(0);
    expect(order.rank('global')).toBe(2);
    expect(order.rank('tenant:munich')).toBe(4);
    expect(order.includes('tenant:munich')).toBe(false);
    expect(order.includes('global')).toBe(true);
  });
});

describe('comparators', () => {
  it('compares text by code unit, not locale', () => {
    expect(['b', 'B', 'a', 'a-b', 'a.b'].sort(compareText)).toEqual(['B', 'a', 'a-b', 'a.b', 'b']);
  });

  it('orders for display by scope, then key, ignoring recency', () => {
    const items = [item('1', 'global', 'a', day(9)), item('2', 'actor:u1', 'z', day(1)), item('3', 'actor:u1', 'b', day(5))];
    expect(items.sort(byScopeThenKey(order)).map((i) => i.id)).toEqual(['3', '2', '1']);
  });

  it('orders for survival by scope, then newest, then key, then id', () => {
    const items = [
      item('1', 'global', 'a', day(9)),
      item('2', 'actor:u1', 'z', day(1)),
      item('3', 'actor:u1', 'b', day(5)),
      item('5', 'actor:u1', 'c', day(1)),
      item('4', 'actor:u1', 'c', day(1)),
      item('6', 'actor:u1', 'a', new Date(Number.NaN)),
    ];
    expect(items.sort(byNarrowestThenNewest(order)).map((i) => i.id)).toEqual(['3', '4', '5', '2', '6', '1']);
  });
});
