import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Snippet, snippetParts } from './snippet';

describe('Snippet', () => {
  it('marks the text between the markers and renders stored markup as text, never as elements', () => {
    const { container } = render(
      <Snippet text={'<img src=x onerror=alert(1)> a \uE000match\uE001 and <script>x</script> \uE000two\uE001'} />,
    );
    expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['match', 'two']);
    expect(container.querySelector('img, script')).toBeNull();
    expect(container).toHaveTextContent('<img src=x onerror=alert(1)> a match and <script>x</script> two');
  });

  it('keeps every character of unbalanced or stray markers as plain text parts', () => {
    expect(snippetParts('a \uE000open')).toEqual([
      { text: 'a ', match: false },
      { text: 'open', match: true },
    ]);
    expect(snippetParts('b\uE001 c')).toEqual([{ text: 'b\uE001 c', match: false }]);
  });
});
