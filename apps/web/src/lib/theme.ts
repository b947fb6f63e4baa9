import { getStoredTheme, setStoredTheme } from './storage';

/** Theme setting values; 'Default' follows the system (the specification's default). */
export type ThemeSetting = 'Default' | 'Light' | 'Dark' | 'Blue';
export type AppliedTheme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';
const THEME_EVENT = 'alumlink:theme';

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

export function getThemeSetting(): ThemeSetting {
  const stored = getStoredTheme();
  return stored === 'Light' || stored === 'Dark' || stored === 'Blue' ? stored : 'Default';
}

export function resolveTheme(setting: ThemeSetting): AppliedTheme {
  if (setting === 'Dark') return 'dark';
  if (setting === 'Default') return systemPrefersDark() ? 'dark' : 'light';
  return 'light';
}

export function getAppliedTheme(): AppliedTheme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

/**
 * Puts the theme on <html> (class `dark`, or `theme-blue` for Blue, a light palette in blues:
 * tokens.css); called from main.tsx before React renders.
 */
export function applyTheme(setting: ThemeSetting = getThemeSetting()): AppliedTheme {
  const applied = resolveTheme(setting);
  const root = document.documentElement;
  root.classList.toggle('dark', applied === 'dark');
  root.classList.toggle('theme-blue', setting === 'Blue');
  root.style.colorScheme = applied;
  window.dispatchEvent(new Event(THEME_EVENT));
  return applied;
}

export function setThemeSetting(setting: ThemeSetting): AppliedTheme {
  setStoredTheme(setting);
  return applyTheme(setting);
}

/** Flips between light and dark and remembers the choice. */
export function toggleTheme(): AppliedTheme {
  return setThemeSetting(getAppliedTheme() === 'dark' ? 'Light' : 'Dark');
}

/** Keeps 'Default' in step with the system setting. Returns an unsubscribe function. */
export function followSystemTheme(): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(DARK_QUERY);
  const handleChange = () => {
    if (getThemeSetting() === 'Default') applyTheme('Default');
  };
  query.addEventListener('change', handleChange);
  return () => query.removeEventListener('change', handleChange);
}

export function subscribeToTheme(onChange: () => void): () => void {
  window.addEventListener(THEME_EVENT, onChange);
  return () => window.removeEventListener(THEME_EVENT, onChange);
}
