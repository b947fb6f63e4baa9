import { act, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Users } from 'lucide-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildStats, buildUser, storeSession } from '@/testing/factories';
import { renderPage } from '@/testing/render';
import { matchMediaQueries } from '@/testing/match-media';
import { server } from '@/testing/server';
import { DashboardPage, DASHBOARD_MESSAGES } from './dashboard-page';
import { StatCounter } from './stat-counter';
import { COUNT_UP_STEPS, COUNT_UP_TICK_MS, countUpValue } from './use-count-up';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('counter animation', () => {
  it('steps by 1/50 of the target every 30 ms and ends on the target', () => {
    vi.useFakeTimers();
    render(<StatCounter label="People" value={1240} icon={Users} />);
    const shown = screen.getByTestId('counter-People');
    expect(shown).toHaveTextContent(/^0$/);
    act(() => {
      vi.advanceTimersByTime(COUNT_UP_TICK_MS);
    });
    expect(shown).toHaveTextContent(/^25$/); // round(1240 / 50) = 24.8 → 25
    act(() => {
      vi.advanceTimersByTime(COUNT_UP_TICK_MS * 24);
    });
    expect(shown).toHaveTextContent(/^620$/); // 25 of 50 steps
    act(() => {
      vi.advanceTimersByTime(COUNT_UP_TICK_MS * 24);
    });
    expect(shown).toHaveTextContent(/^1,215$/); // 49 of 50 steps
    act(() => {
      vi.advanceTimersByTime(COUNT_UP_TICK_MS);
    });
    expect(shown).toHaveTextContent(/^1,240$/);
    act(() => {
      vi.advanceTimersByTime(COUNT_UP_TICK_MS * 10);
    });
    expect(shown).toHaveTextContent(/^1,240$/);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows the final value at once when reduced motion is preferred', () => {
    vi.useFakeTimers();
    matchMediaQueries('(prefers-reduced-motion: reduce)');
    render(<StatCounter label="Posts" value={45} icon={Users} />);
    expect(screen.getByTestId('counter-Posts')).toHaveTextContent(/^45$/);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('countUpValue covers every step up to the target', () => {
    expect(countUpValue(120, 0)).toBe(0);
    expect(countUpValue(120, 1)).toBe(2);
    expect(countUpValue(7, COUNT_UP_STEPS - 1)).toBe(7);
    expect(countUpValue(7, COUNT_UP_STEPS)).toBe(7);
  });
});

describe('DashboardPage', () => {
  it('shows skeletons while loading, then the live figures and the chart with its table', async () => {
    matchMediaQueries('(prefers-reduced-motion: reduce)');
    storeSession(buildUser({ role: 'AD', is_staff: true }));
    const stats = buildStats({ users: { total: 31, AD: 1, TR: 10, IN: 8, AL: 12 }, posts: 77, referrals: { done: 3, pending: 4 } });
    server.use(http.get('/api/admin/stats/', () => HttpResponse.json(stats)));
    renderPage(<DashboardPage />, { path: '/admin' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading dashboard...');
    expect(await screen.findByTestId('counter-People')).toHaveTextContent('31');
    for (const [label, value] of [
      ['Trainees', '10'],
      ['Interns', '8'],
      ['Alumni', '12'],
      ['Posts', '77'],
      ['Referrals done', '3'],
      ['Referrals pending', '4'],
    ] as const) {
      expect(screen.getByTestId(`counter-${label}`)).toHaveTextContent(value);
    }
    const chart = screen.getByRole('img', { name: /Sign-ups and posts per day, last 30 days/ });
    expect(chart.querySelectorAll('rect')).toHaveLength(60);
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(table).getByRole('rowheader', { name: 'Jun 4' }).parentElement).toHaveTextContent('Jun 430');
  });

  it('shows the error state with Reload when the figures fail', async () => {
    storeSession(buildUser({ role: 'AD', is_staff: true }));
    server.use(http.get('/api/admin/stats/', () => HttpResponse.json({ detail: 'down', code: 'x' }, { status: 503 })));
    renderPage(<DashboardPage />, { path: '/admin' });
    expect(await screen.findByRole('alert')).toHaveTextContent(DASHBOARD_MESSAGES.loadFailed);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
