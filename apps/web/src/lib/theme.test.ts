import { afterEach, describe, expect, it } from 'vitest';
import { getThemeSetting, resolveTheme, setThemeSetting, toggleTheme } from './theme';

const root = () => document.documentElement;

afterEach(() => {
  window.localStorage.clear();
  root().className = '';
});

describe('theme', () => {
  it('Blue is a light theme with its own palette class, remembered in local storage', () => {
    expect(setThemeSetting('Blue')).toBe('light');
    expect(root().classList.contains('theme-blue')).toBe(true);
    expect(root().classList.contains('dark')).toBe(false);
    expect(root().style.colorScheme).toBe('light');
    expect(window.localStorage.getItem('theme')).toBe('Blue');
    expect(getThemeSetting()).toBe('Blue');
  });

  it('leaves the Blue palette when another theme is chosen', () => {
    setThemeSetting('Blue');
    setThemeSetting('Dark');
    expect(root().classList.contains('theme-blue')).toBe(false);
    expect(root().classList.contains('dark')).toBe(true);
    setThemeSetting('Light');
    expect(root().className).toBe('');
  });

  it('toggles from Blue to Dark, and unknown stored values fall back to Default', () => {
    setThemeSetting('Blue');
    expect(toggleTheme()).toBe('dark');
    expect(root().classList.contains('theme-blue')).toBe(false);
    window.localStorage.setItem('theme', 'Pink');
    expect(getThemeSetting()).toBe('Default');
    expect(resolveTheme('Light')).toBe('light');
  });
});
