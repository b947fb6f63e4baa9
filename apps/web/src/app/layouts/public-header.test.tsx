import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/testing/render';
import { PublicLayout } from './public-layout';

function renderLayout() {
  return renderRoutes([
    {
      path: '/',
      Component: PublicLayout,
      children: [
        { index: true, element: <p>Home content</p> },
        { path: '*', element: <p>Other page</p> },
      ],
    },
  ]);
}

describe('PublicHeader', () => {
  it('has the main links, the theme toggle and Login', () => {
    renderLayout();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['Communities', '/communities'],
      ['Events', '/events'],
      ['About', '/about'],
    ]);
    expect(screen.getAllByRole('link', { name: 'Login' })[0]).toHaveAttribute('href', '/login');
  });

  it('toggles dark mode on <html> and remembers it', async () => {
    const { user } = renderLayout();
    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(window.localStorage.getItem('theme')).toBe('Dark');
    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(window.localStorage.getItem('theme')).toBe('Light');
  });

  it('opens the small-screen menu, and Escape closes it and returns focus', async () => {
    const { user } = renderLayout();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(menu).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(menu).getByRole('link', { name: 'Events' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
  });

  it('shows the footer with Community Portal, quick links and contact details', () => {
    renderLayout();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('heading', { name: 'Community Portal' })).toBeInTheDocument();
    expect(within(footer).getByRole('navigation', { name: 'Quick links' })).toBeInTheDocument();
    expect(within(footer).getByRole('heading', { name: 'Contact us' })).toBeInTheDocument();
  });
});
