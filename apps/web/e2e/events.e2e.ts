// Events with capacity end to end: joining the waitlist of a full event, being promoted (told live)
// when someone cancels, and the host checking people in on a phone.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { signInByApi } from './support/api-session.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { signedInContext } from './support/signed-in-page.ts';
import { openPage } from './support/browser.ts';

async function api(baseUrl: string, email: string, method: string, path: string, body?: unknown): Promise<Response> {
  const { access } = await signInByApi(baseUrl, email);
  return fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${access}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

describe('events with capacity', () => {
  const suite = useServerAndBrowser();
  let alumniContext: BrowserContext;
  let hostContext: BrowserContext;
  let alumni: Page;
  let host: Page;
  const pageErrors: string[][] = [];
  const title = `Door Night ${Date.now()}`;
  let eventId = 0;

  before(async () => {
    const created = await api(suite.server.baseUrl, 'admin@example.com', 'POST', '/api/events/', {
      title,
      starts_at: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
      host: 'Ada Admin',
      category: 'Meetup',
      description: 'One place only.',
      capacity: 1,
    });
    assert.equal(created.status, 201);
    eventId = ((await created.json()) as { id: number }).id;
    // The trainee takes the only place.
    const taken = await api(suite.server.baseUrl, 'trainee@example.com', 'POST', `/api/events/${eventId}/register/`, { guests: 0 });
    assert.equal(((await taken.json()) as { status: string }).status, 'registered');

    alumniContext = await signedInContext(suite.browser, suite.server.baseUrl, 'alumni@example.com', {
      viewport: { width: 1280, height: 800 },
    });
    hostContext = await signedInContext(suite.browser, suite.server.baseUrl, 'admin@example.com', {
      viewport: { width: 390, height: 844 },
    });
    let errors: string[];
    ({ page: alumni, errors } = await openPage(alumniContext));
    pageErrors.push(errors);
    ({ page: host, errors } = await openPage(hostContext));
    pageErrors.push(errors);
  });

  it('joins the waitlist of a full event and sees the position', async () => {
    await alumni.goto('/user/events');
    await alumni.getByLabel('Search events by title or category').fill(title);
    const card = alumni.getByRole('article', { name: title });
    await card.getByText('1 person registered · Full').waitFor();
    await card.getByRole('button', { name: `Join waitlist: ${title}` }).click();
    await card
      .getByRole('alert')
      .filter({ hasText: "The event is full: you are on the waitlist. We'll tell you as soon as a place opens." })
      .waitFor();
    await card.getByText('Waitlisted #1').waitFor();
    await card.getByRole('button', { name: `Leave waitlist: ${title}` }).waitFor();
  });

  it('is promoted when the registered person cancels, and told at once', async () => {
    const cancelled = await api(suite.server.baseUrl, 'trainee@example.com', 'DELETE', `/api/events/${eventId}/register/`);
    assert.equal(cancelled.status, 200);
    // The live notification reaches the open page without a reload.
    await alumni.getByRole('button', { name: /^Notifications, \d+ unread$/ }).waitFor({ timeout: 15_000 });
    await alumni.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    await alumni.getByText(`A place opened up: you are now registered for ${title}.`).waitFor();
    await alumni.keyboard.press('Escape');
    await alumni.reload();
    await alumni.getByLabel('Search events by title or category').fill(title);
    const card = alumni.getByRole('article', { name: title });
    await card.getByText('Registered', { exact: true }).waitFor();
    await card.getByRole('button', { name: `Cancel registration: ${title}` }).waitFor();
  });

  it('the host checks the promoted person in on a phone, and they see it', async () => {
    await host.goto('/user/events');
    await host.getByLabel('Search events by title or category').fill(title);
    await host
      .getByRole('article', { name: title })
      .getByRole('link', { name: `Attendees and check-in: ${title}` })
      .click();
    await host.getByRole('heading', { name: `Check-in: ${title}` }).waitFor();
    await host.getByLabel('Search attendees by name or e-mail').fill('Morgan');
    await host.getByText('0 of 1 shown checked in').waitFor();
    await host.getByRole('button', { name: 'Check in Alex Morgan' }).click();
    await host.getByText('1 of 1 shown checked in').waitFor();
    await host.getByText(/^In at /).waitFor();
    const width = await host.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `no sideways scrolling on a phone (${width}px)`);

    await alumni.reload();
    await alumni.getByLabel('Search events by title or category').fill(title);
    await alumni.getByRole('article', { name: title }).getByText('Checked in').waitFor();
    assert.deepEqual(pageErrors, [[], []]);
  });
});
