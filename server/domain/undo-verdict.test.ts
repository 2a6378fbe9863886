import { describe, expect, it } from 'vitest';
import { decideUndo } from './undo-verdict';

const v1 = { key: 'expense-limit', text: 'Old text.', pinned: false, author: 'human', version: 1 };
const v2 = { key: 'expense-limit', text: 'New text.', pinned: true, author: 'human', version: 2 };

describe('decideUndo', () => {
  it('restores the state before an edit when the record is still at the audited version', () => {
    expect(
      decideUndo({
        action: 'memory.saved',
        memoryId: 'mem_a',
        key: 'expense-limit',
        before: v1,
        after: v2,
        current: { id: 'mem_a', version: 2 },
      }),
    ).toEqual({
      outcome: 'restore',
      text: 'Old text.',
      pinned: false,
      expectedVersion: 2,
    });
  });

  it('refuses when the record changed since, or was deleted since', () => {
    const row = { action: 'memory.saved', memoryId: 'mem_a', key: 'expense-limit', before: v1, after: v2 };
    expect(decideUndo({ ...row, current: { id: 'mem_a', version: 3 } })).toEqual({ outcome: 'conflict', reason: 'CHANGED_SINCE' });
    expect(decideUndo({ ...row, current: null })).toEqual({ outcome: 'conflict', reason: 'DELETED_SINCE' });
  });

  it('removes a record the change created, at the created version only', () => {
    const row = { action: 'memory.promoted', memoryId: 'mem_a', key: 'expense-limit', before: null, after: { ...v1 } };
    expect(decideUndo({ ...row, current: { id: 'mem_a', version: 1 } })).toEqual({ outcome: 'remove', expectedVersion: 1 });
    expect(decideUndo({ ...row, current: { id: 'mem_a', version: 2 } })).toEqual({ outcome: 'conflict', reason: 'CHANGED_SINCE' });
  });

  it('refuses when the record was deleted and created again since, even at the same version', () => {
    const row = { action: 'memory.saved', memoryId: 'mem_a', key: 'expense-limit', before: null, after: v1 };
    expect(decideUndo({ ...row, current: { id: 'mem_b', version: 1 } })).toEqual({ outcome: 'conflict', reason: 'RECREATED_SINCE' });
  });

  it('recreates a deleted record while its key is free, and not once it was recreated', () => {
    const row = { action: 'memory.deleted', memoryId: 'mem_a', key: 'expense-limit', before: v2, after: null };
    expect(decideUndo({ ...row, current: null })).toEqual({ outcome: 'recreate', text: 'New text.', pinned: true });
    expect(decideUndo({ ...row, current: { id: 'mem_a', version: 1 } })).toEqual({ outcome: 'conflict', reason: 'RECREATED_SINCE' });
  });

  it('never undoes a personal-scope row or an action that is not a change of one record', () => {
    const personal = { pinned: false, author: 'human', version: 2 };
    expect(decideUndo({ action: 'memory.saved', memoryId: null, key: null, before: personal, after: personal, current: null })).toEqual({
      outcome: 'not_undoable',
      reason: 'PERSONAL_SCOPE',
    });
    expect(decideUndo({ action: 'memory.forgot-all', memoryId: null, key: null, before: null, after: null, current: null })).toEqual({
      outcome: 'not_undoable',
      reason: 'NOT_A_RECORD_CHANGE',
    });
  });
});
