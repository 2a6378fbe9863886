import { describe, expect, it } from 'vitest';
import { mayMerge, wordingMarks } from './merge-guard';
import { clusterTexts } from './review-queue';

describe('mayMerge', () => {
  it.each([
    // Numbers and times.
    ['25 minutes', 'about 30 minutes', false],
    ['Meetings last 30 minutes.', 'Meetings last thirty minutes.', true],
    ['Has two children.', 'Has three children.', false],
    ['Starts at 9:30.', 'Starts at 09:30.', true],
    ['Starts at 9:30.', 'Starts at 10:30.', false],
    ['Budget is 1,000 euros.', 'Budget is 1000 euros.', true],
    ['Is on call on Mondays.', 'Is on call on Tuesdays.', false],
    ['Calls back in the morning.', 'Calls back in the afternoon.', false],
    ['Lunch at 12 pm.', 'Lunch at 12 am.', false],
    ['Takes half an hour.', 'Takes 30 minutes.', false],
    // Negation.
    ['Likes tea.', 'Does not like tea.', false],
    ['Likes tea.', "Doesn't like tea.", false],
    ['Likes tea.', 'Doesn’t like tea.', false],
    ['Never works weekends.', 'Works weekends.', false],
    ['Wants no reminders.', 'Wants reminders.', false],
    ['Cannot travel.', 'Can travel.', false],
    ["Doesn't drink coffee.", 'Does not drink coffee.', true],
    // Opposites from the closed list.
    ['Works the early shift.', 'Works the late shift.', false],
    ['Works the earlier shift.', 'Works the early shift.', true],
    ['Sends the report before the meeting.', 'Sends the report after the meeting.', false],
    ['Answer: yes.', 'Answer: no.', false],
    ['Notifications on.', 'Notifications off.', false],
    ['Wants more detail.', 'Wants less detail.', false],
    ['Prefers fewer meetings.', 'Prefers less meetings.', true],
    ['Uses the min setting.', 'Uses the max setting.', false],
    ['Uses the minimum setting.', 'Uses the min setting.', true],
    // Nothing on the list differs: similar wordings still merge.
    ['Likes tea.', 'Likes green tea.', true],
    ['Prefers short answers.', 'Likes short answers', true],
    ['Works the early shift.', 'works the EARLY shift', true],
  ])('%j and %j: %s', (a, b, expected) => {
    expect(mayMerge(a, b)).toBe(expected);
    expect(mayMerge(b, a)).toBe(expected);
  });
});

describe('wordingMarks', () => {
  it('names each number, time, negation and opposite once, sorted', () => {
    expect(wordingMarks("Doesn't start before 9:30 on Mondays, not ever, not once.")).toEqual([
      '1',
      '9:30',
      'before',
      'monday',
      'not',
      'on',
    ]);
  });

  it('is empty for a wording without any', () => {
    expect(wordingMarks('Prefers concise answers.')).toEqual([]);
  });
});

describe('clusterTexts with the merge guard', () => {
  const alike = () => 0.9;

  it.each([
    [['Works the early shift.', 'Works the late shift.']],
    [['Meetings last 25 minutes.', 'Meetings last about 30 minutes.']],
    [['Likes tea.', 'Does not like tea.']],
  ])('keeps %j apart however similar their letters are', (texts) => {
    const clusters = clusterTexts(
      texts.map((text) => ({ text, people: 1 })),
      alike,
    );
    expect(clusters.map((cluster) => cluster.texts.map((entry) => entry.text))).toEqual([...texts].sort().map((text) => [text]));
    expect(clusters.every((cluster) => cluster.people === 1)).toBe(true);
  });

  it('still merges wordings that differ in nothing on the list, counting exact people per wording and the total apart', () => {
    const clusters = clusterTexts(
      [
        { text: 'Meetings last 30 minutes.', people: 3 },
        { text: 'Meetings usually last 30 minutes.', people: 2 },
        { text: 'Meetings last 45 minutes.', people: 1 },
      ],
      alike,
    );
    expect(clusters).toEqual([
      {
        representative: 'Meetings last 30 minutes.',
        people: 5,
        texts: [
          { text: 'Meetings last 30 minutes.', people: 3 },
          { text: 'Meetings usually last 30 minutes.', people: 2 },
        ],
      },
      { representative: 'Meetings last 45 minutes.', people: 1, texts: [{ text: 'Meetings last 45 minutes.', people: 1 }] },
    ]);
  });
});
