import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './avatar';
import { AVATAR_TONES, avatarToneOf, initialsOf, NEUTRAL_TONE } from './avatar-tone';

/** WCAG 2 relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** The --avatar-N / --avatar-N-fg values of one theme block of tokens.css (`:root` or `.dark`). */
function tonesOf(css: string, selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  const block = css.slice(start, css.indexOf('}', start));
  return new Map([...block.matchAll(/--(avatar-\d+(?:-fg)?):\s*(#[0-9a-f]{6});/gi)].map((match) => [match[1] ?? '', match[2] ?? '']));
}

describe('avatar tones', () => {
  // Read as shipped (the test runner stubs CSS imports).
  const css = readFileSync(path.join(import.meta.dirname, 'tokens.css'), 'utf8');

  it.each([':root', '.dark'])('every tone has AA contrast (4.5:1) between its initials and its colour in %s', (selector) => {
    const tones = tonesOf(css, selector);
    expect(tones.size).toBe(AVATAR_TONES.length * 2);
    for (let n = 0; n < AVATAR_TONES.length; n += 1) {
      const background = tones.get(`avatar-${n}`) ?? '';
      const text = tones.get(`avatar-${n}-fg`) ?? '';
      expect(contrast(background, text), `${selector} avatar-${n}: ${text} on ${background}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('gives a person the same colour every time, and spreads people over all ten', () => {
    expect(AVATAR_TONES).toHaveLength(10);
    for (const id of [1, 2, 17, 40_000]) expect(avatarToneOf(id)).toBe(avatarToneOf(id));
    // Any ten consecutive ids (people who joined together) get ten different colours.
    for (const first of [1, 7, 95, 12_345]) {
      expect(new Set(Array.from({ length: 10 }, (_, n) => avatarToneOf(first + n))).size).toBe(10);
    }
    expect(avatarToneOf(null)).toBe(NEUTRAL_TONE);
  });

  it('takes the initials of the display name', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('Tomás de la Cruz')).toBe('TC');
    expect(initialsOf('ingrid larsen')).toBe('IL');
    expect(initialsOf('Émile')).toBe('É');
    expect(initialsOf('solo@example.com')).toBe('S');
    expect(initialsOf('Anonymous')).toBe('A');
    expect(initialsOf('李 小龙')).toBe('李小');
    expect(initialsOf('  ')).toBe('?');
    expect(initialsOf('😀 Smile')).toBe('S');
  });
});

describe('Avatar', () => {
  it('shows the initials on the person’s colour without a picture, labelled with the name when it stands alone', () => {
    const { container, rerender } = render(<Avatar src={null} personId={7} name="Grace Hopper" alt="Grace Hopper" />);
    const avatar = screen.getByRole('img', { name: 'Grace Hopper' });
    expect(avatar).toHaveTextContent('GH');
    expect(avatar.tagName).toBe('SPAN');
    expect(avatar.className).toContain(avatarToneOf(7));
    // Beside a visible name it is decoration only.
    rerender(<Avatar src={null} personId={7} name="Grace Hopper" alt="" />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(container.querySelector('[data-avatar-initials]')).toHaveAttribute('aria-hidden', 'true');
  });

  it('uses the picture when there is one, and the initials when it fails to load', () => {
    render(<Avatar src="/media/avatars/ada.webp" personId={3} name="Ada Lovelace" alt="Ada Lovelace" size="lg" />);
    const image = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(image).toHaveAttribute('src', '/media/avatars/ada.webp');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '64');
    fireEvent.error(image);
    const fallback = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(fallback.tagName).toBe('SPAN');
    expect(fallback).toHaveTextContent('AL');
    expect(fallback.className).toContain('size-16');
  });

  it('sizes the initials like the picture it replaces', () => {
    render(<Avatar personId={1} name="Ada Lovelace" alt="Ada" size="xl" />);
    expect(screen.getByRole('img', { name: 'Ada' }).className).toContain('size-28');
  });
});
