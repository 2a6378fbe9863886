import { describe, expect, it } from 'vitest';
import { deriveMemoryKey, distinctKey, FALLBACK_KEY, matchTopic } from './memory-key';
import { KEY_PATTERN, MAX_KEY_CHARS } from './fact-limits';

describe('deriveMemoryKey', () => {
  it('keeps the first meaningful words, lowercase, joined by hyphens', () => {
    expect(deriveMemoryKey('I prefer window seats.')).toBe('window-seats');
    expect(deriveMemoryKey('My fiscal year starts in January')).toBe('fiscal-year-starts-january');
    expect(deriveMemoryKey('Answer me in English, please!')).toBe('answer-english');
  });

  it('removes accents and splits at punctuation', () => {
    expect(deriveMemoryKey('Ich wohne in Köln-Süd')).toBe('ich-wohne-koln-sud');
    expect(deriveMemoryKey('Réunions: 25 min max')).toBe('reunions-25-min-max');
  });

  it('uses filler words when nothing else is left, and a fallback when there are no words at all', () => {
    expect(deriveMemoryKey('I am')).toBe('i-am');
    expect(deriveMemoryKey('🚲 🚲')).toBe(FALLBACK_KEY);
    expect(deriveMemoryKey('東京に住んでいます')).toBe(FALLBACK_KEY);
  });

  it('always gives a key the key rules accept, within the length limit', () => {
    const long = deriveMemoryKey(`${'supercalifragilistic'.repeat(5)} words after it`);
    expect(long.length).toBeLessThanOrEqual(MAX_KEY_CHARS);
    expect(long).toMatch(KEY_PATTERN);
    for (const text of ['Hello', '  spaced   out  ', 'x'.repeat(300), 'a b c d e f g', '2026 plans']) {
      const key = deriveMemoryKey(text);
      expect(key).toMatch(KEY_PATTERN);
      expect(key.length).toBeLessThanOrEqual(MAX_KEY_CHARS);
    }
  });

  it('gives the same key for the same text', () => {
    expect(deriveMemoryKey('I work in the finance team.')).toBe(deriveMemoryKey('I work in the finance team.'));
  });
});

describe('distinctKey', () => {
  it('is the base when it is free', () => {
    expect(distinctKey('window-seats', ['team'])).toBe('window-seats');
  });

  it('adds the first free number when the base is taken', () => {
    expect(distinctKey('team', ['team'])).toBe('team-2');
    expect(distinctKey('team', ['team', 'team-2', 'team-3'])).toBe('team-4');
  });

  it('shortens a long base so the suffix fits', () => {
    const base = 'k'.repeat(MAX_KEY_CHARS);
    const key = distinctKey(base, [base]);
    expect(key).toBe(`${'k'.repeat(MAX_KEY_CHARS - 2)}-2`);
    expect(key).toMatch(KEY_PATTERN);
  });
});

describe('matchTopic', () => {
  const applying = ['fiscal-year', 'units', 'data-retention', 'working-hours', 'a-b'];

  it('finds the key whose words are all in the text', () => {
    expect(matchTopic('My fiscal year starts in January', applying)).toBe('fiscal-year');
    expect(matchTopic('Our working hours are 8 to 4', applying)).toBe('working-hours');
  });

  it('treats plurals as the word itself and ignores case and accents', () => {
    expect(matchTopic('FISCAL years confuse me', applying)).toBe('fiscal-year');
    expect(matchTopic('Use imperial unit names', applying)).toBe('units');
  });

  it('needs every word of the key', () => {
    expect(matchTopic('The year starts in January', applying)).toBeNull();
    expect(matchTopic('Keep data for a week', applying)).toBeNull();
  });

  it('prefers the key naming the most words', () => {
    expect(matchTopic('fiscal year start month', ['fiscal-year', 'fiscal-year-start', 'year'])).toBe('fiscal-year-start');
  });

  it('never matches keys made only of one- or two-letter words', () => {
    expect(matchTopic('a b', applying)).toBeNull();
  });
});
