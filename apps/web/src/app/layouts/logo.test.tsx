import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/testing/render';
import { Logo } from './logo';

describe('Logo', () => {
  it('links home with a name even where a narrow top bar hides its text (the user area on phones)', () => {
    renderPage(<Logo />, { path: '/user' });
    const link = screen.getByRole('link', { name: 'AlumLink home' });
    expect(link).toHaveAttribute('href', '/');
    // What `[&_a>span]:hidden` does in the user top bar below the sm breakpoint.
    link.querySelector('span')?.style.setProperty('display', 'none');
    expect(screen.getByRole('link', { name: 'AlumLink home' })).toBe(link);
  });
});
