import { describe, expect, it } from 'vitest';
import { extractMentions, findMentions, MENTIONS_PER_TEXT_MAX } from './mentions';

describe('extractMentions', () => {
  it('finds usernames at the start, after spaces and inside brackets and quotes', () => {
    expect(extractMentions('@ann_lee thanks, (@bo) and "@cy2"')).toEqual(['ann_lee', 'bo', 'cy2']);
  });

  it('ends a mention at trailing punctuation', () => {
    expect(extractMentions('Ask @ann_lee. Or @bo, @cy! @dee? @eve: @fay;')).toEqual(['ann_lee', 'bo', 'cy', 'dee', 'eve', 'fay']);
  });

  it('reads e-mail addresses and domains as no mention', () => {
    expect(extractMentions('write to ann@example.com or @example.com or bo.lee@school.edu')).toEqual([]);
    expect(extractMentions('ann@@bo @bo@example')).toEqual([]);
  });

  it('skips code spans and fenced blocks', () => {
    expect(extractMentions('use `@Override` here\n```\n@decorator\nx = @y\n``` then @ann')).toEqual(['ann']);
  });

  it('skips paths, entities, hyphenated and non-ASCII continuations', () => {
    expect(extractMentions('https://x.com/@ann &@bo pre-@cy @zoë @dan-lee @a.b')).toEqual([]);
  });

  it('is case-insensitive and keeps each person once', () => {
    expect(extractMentions('@Ann_Lee @ann_lee @ANN_LEE @bo')).toEqual(['ann_lee', 'bo']);
  });

  it('keeps at most ten distinct people per text', () => {
    const text = Array.from({ length: 14 }, (_, index) => `@p${index}`).join(' ');
    expect(extractMentions(text)).toHaveLength(MENTIONS_PER_TEXT_MAX);
    expect(extractMentions(text).at(-1)).toBe('p9');
  });

  it('reads a name longer than a username as no mention', () => {
    expect(extractMentions(`@${'a'.repeat(31)}`)).toEqual([]);
    expect(extractMentions(`@${'a'.repeat(30)}`)).toEqual(['a'.repeat(30)]);
  });

  it('answers where each mention is, repeats included', () => {
    expect(findMentions('hi @Ann and @ann.')).toEqual([
      { start: 3, end: 7, username: 'ann' },
      { start: 12, end: 16, username: 'ann' },
    ]);
  });
});
