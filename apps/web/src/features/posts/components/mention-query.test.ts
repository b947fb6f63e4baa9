import { describe, expect, it } from 'vitest';
import { applyMention, mentionQueryAt, searchTextOf } from './mention-query';

describe('mentionQueryAt', () => {
  it('finds the username typed before the caret', () => {
    expect(mentionQueryAt('hello @an', 9)).toEqual({ start: 6, query: 'an' });
    expect(mentionQueryAt('@Ann_L', 6)).toEqual({ start: 0, query: 'Ann_L' });
    expect(mentionQueryAt('(@bo', 4)).toEqual({ start: 1, query: 'bo' });
  });

  it('offers nothing for an e-mail, a bare @ or a caret elsewhere', () => {
    expect(mentionQueryAt('ann@ex', 6)).toBeNull();
    expect(mentionQueryAt('hi @', 4)).toBeNull();
    expect(mentionQueryAt('@ann done', 9)).toBeNull();
  });
});

describe('applyMention', () => {
  it('puts the username and a space in place of what was typed, the caret after it', () => {
    expect(applyMention('hi @an', 6, { start: 3, query: 'an' }, 'ann_lee')).toEqual({ text: 'hi @ann_lee ', caret: 12 });
    expect(applyMention('hi @an there', 6, { start: 3, query: 'an' }, 'ann_lee')).toEqual({ text: 'hi @ann_lee there', caret: 11 });
  });

  it('reads underscores as spaces for the people search', () => {
    expect(searchTextOf('ann_le')).toBe('ann le');
  });
});
