// Messaging end to end: two people in two browsers; messages arrive live, with unread badges.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { useServerAndBrowser } from './support/suite.ts';
import { signIn } from './support/sign-in.ts';
import { newContext, openPage } from './support/browser.ts';

/** Resolves once the page's live connection is authenticated (the server answered auth.ok). */
function liveConnection(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"auth.ok"')) resolve();
      });
    });
  });
}

function conversationRow(page: Page, name: string): Locator {
  return page.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: new RegExp(name) });
}

function thread(page: Page): Locator {
  return page.getByRole('list', { name: 'Messages' });
}

async function send(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.keyboard.press('Enter');
  await thread(page).getByText(text).waitFor();
}

describe('messaging', () => {
  const suite = useServerAndBrowser();
  let alumniContext: BrowserContext;
  let traineeContext: BrowserContext;
  let alumni: Page;
  let trainee: Page;
  let alumniErrors: string[];
  let traineeErrors: string[];
  const hello = `Hi Taylor, how is the capstone going? (${Date.now()})`;
  const reply = 'Going well, thank you! Could you review my résumé?';

  before(async () => {
    alumniContext = await newContext(suite.browser, suite.server.baseUrl);
    traineeContext = await newContext(suite.browser, suite.server.baseUrl);
    ({ page: alumni, errors: alumniErrors } = await openPage(alumniContext));
    ({ page: trainee, errors: traineeErrors } = await openPage(traineeContext));
  });

  it('the trainee waits on the messages page with no conversations yet', async () => {
    const connected = liveConnection(trainee);
    await signIn(trainee, 'elena.petrova@example.com');
    await trainee.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Messages' }).click();
    await trainee.waitForURL('**/user/messages');
    await trainee.getByText('No conversations found').waitFor();
    await trainee.getByText('Send a message to start a chat').waitFor();
    await connected;
  });

  it("the alumnus opens the trainee's profile, clicks Message and sends a message", async () => {
    const connected = liveConnection(alumni);
    await signIn(alumni, 'kwame.mensah@example.com');
    await alumni.getByRole('combobox', { name: 'Search people' }).fill('Petrova');
    const option = alumni.getByRole('option').filter({ hasText: 'Elena Petrova' }).first();
    await option.waitFor();
    await option.click();
    await alumni.waitForURL(/\/user\/profile\/\d+$/);
    await alumni.getByRole('button', { name: 'Message' }).click();
    await alumni.waitForURL(/\/user\/messages\?conversation=\d+/);
    await alumni.getByRole('heading', { name: 'Elena Petrova' }).waitFor();
    await alumni.getByText('No messages yet').waitFor();
    await connected;
    await send(alumni, hello);
    await conversationRow(alumni, 'Elena Petrova').getByText(`You: ${hello}`).waitFor();
  });

  it('the trainee sees it arrive live with an unread badge, opens it and replies', async () => {
    const row = conversationRow(trainee, 'Kwame Mensah');
    await row.getByText(hello).waitFor({ timeout: 10_000 });
    await row.getByLabel('1 unread').waitFor();
    await trainee.getByRole('banner').getByRole('status', { name: '1 unread conversations' }).waitFor();
    await trainee.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();

    await row.click();
    await thread(trainee).getByText(hello).waitFor();
    await row.getByLabel('1 unread').waitFor({ state: 'detached' });
    await trainee
      .getByRole('banner')
      .getByRole('status', { name: /unread conversations/ })
      .waitFor({ state: 'detached' });
    await trainee.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await send(trainee, reply);
  });

  it('the alumnus sees the reply without reloading', async () => {
    await thread(alumni).getByText(reply).waitFor({ timeout: 10_000 });
    const texts = await thread(alumni).locator('li p').allInnerTexts();
    assert.deepEqual(texts, [hello, reply]);
    await conversationRow(alumni, 'Elena Petrova').getByText(reply).waitFor();
    // Reading the open thread marks it read at once: no badge on the messages button.
    await alumni.waitForTimeout(500);
    assert.equal(
      await alumni
        .getByRole('banner')
        .getByRole('status', { name: /unread conversations/ })
        .count(),
      0,
    );
    assert.deepEqual(alumniErrors, []);
    assert.deepEqual(traineeErrors, []);
  });
});
