import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, storeSession } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { TOPICS } from '../components/topic-picker';
import { LandingPage } from './landing-page';

function renderLanding() {
  return renderPage(<LandingPage />, { path: '/', stubs: ['/login', '/user'] });
}

describe('LandingPage', () => {
  it('links to sign-up, sign-in and the three feature pages', () => {
    renderLanding();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/Welcome to AlumLink/);
    expect(screen.getByRole('link', { name: 'Join now' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: /Verified Professionals/ })).toHaveAttribute('href', '/verifiedprofessionals');
    expect(screen.getByRole('link', { name: /Industry Communities/ })).toHaveAttribute('href', '/Industrycommunities');
    expect(screen.getByRole('link', { name: /Career Growth/ })).toHaveAttribute('href', '/careergrowth');
  });

  it('offers the four topics under a label', () => {
    renderLanding();
    const select = screen.getByLabelText('Choose a topic');
    const options = Array.from((select as HTMLSelectElement).options)
      .map((option) => option.value)
      .filter(Boolean);
    expect(options).toEqual([...TOPICS]);
  });

  it('sends a visitor who searches to /login', async () => {
    const { user, router } = renderLanding();
    await user.type(screen.getByLabelText('Search for connections'), 'grace');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Stub page /login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-in person to their search', async () => {
    storeSession(buildUser());
    const { user, router } = renderLanding();
    await user.type(screen.getByLabelText('Search for connections'), 'grace hopper');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Stub page /user')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=grace+hopper');
  });

  it('loads the success-story video only when asked', async () => {
    const { user, container } = renderLanding();
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.getByText(/Success story:/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Play the success story' }));
    const frame = screen.getByTitle('AlumLink success story video');
    expect(frame.getAttribute('src')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}\?/);
  });
});
