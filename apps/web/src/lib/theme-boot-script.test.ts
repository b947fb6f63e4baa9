// index.html puts the theme on <html> with an inline script before the first paint (the app's code
// arrives later). It must reach the same result as applyTheme for every setting and system scheme.
import { afterEach, describe, expect, it, vi } from 'vitest';
import indexHtml from '../../index.html?raw';
import { matchMediaQueries } from '@/testing/match-media';
import { applyTheme } from './theme';

const inlineScripts = [...indexHtml.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
const root = document.documentElement;

function snapshot() {
  return { dark: root.classList.contains('dark'), blue: root.classList.contains('theme-blue'), scheme: root.style.colorScheme };
}

function reset() {
  root.className = '';
  root.style.colorScheme = '';
}

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
  reset();
});

describe("index.html's theme script", () => {
  it('is the one inline script of the page', () => {
    expect(inlineScripts).toHaveLength(1);
  });

  it.each([null, 'Default', 'Light', 'Dark', 'Blue', 'Pink'])(
    'agrees with applyTheme for the stored setting %s, in a light and a dark system',
    (stored) => {
      for (const dark of [false, true]) {
        if (dark) matchMediaQueries('(prefers-color-scheme: dark)');
        if (stored === null) window.localStorage.removeItem('theme');
        else window.localStorage.setItem('theme', stored);

        reset();
        new Function(inlineScripts[0] ?? '')();
        const fromScript = snapshot();

        reset();
        applyTheme();
        expect(fromScript, `stored ${stored}, system ${dark ? 'dark' : 'light'}`).toEqual(snapshot());
        vi.restoreAllMocks();
      }
    },
  );

  it('leaves the page alone when local storage cannot be read', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    expect(() => new Function(inlineScripts[0] ?? '')()).not.toThrow();
  });
});
