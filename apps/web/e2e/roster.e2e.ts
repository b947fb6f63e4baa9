// Roster import end to end: an administrator uploads a roster with a bad row, sees the preview's
// errors by line, imports it and sees the result with its counts and rejected rows. Screenshots
// of the Roster screen (desktop 1280 and phone 390, light and dark) go to SHOTS_DIR when it is set.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { latestMessage } from './support/mailbox.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { HOME, signIn } from './support/sign-in.ts';
import { newContext, openPage } from './support/browser.ts';
import { lookOptions, screenshotLooks } from './support/signed-in-page.ts';

const shotsDir = process.env.SHOTS_DIR;
const stamp = Date.now();
const newcomer = `roster.${stamp}@example.net`;
const roster = [
  'email,first_name,last_name,role,cohort',
  `${newcomer},Rae,Newton,TR,Full-stack spring 2026`,
  'not-an-email,Bad,Row,TR,',
  `second.${stamp}@example.net,Sol,Second,AL,`,
].join('\n');

function rosterFile(name = 'team-roster.csv') {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(roster) };
}

describe('roster import', () => {
  const suite = useServerAndBrowser();
  let admin: BrowserContext;
  let page: Page;
  let errors: string[];

  before(async () => {
    admin = await newContext(suite.browser, suite.server.baseUrl);
    ({ page, errors } = await openPage(admin));
    await signIn(page, 'admin@example.com', { landing: HOME });
  });

  it('an administrator previews a roster with a bad row, imports it and sees the result', async () => {
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Roster' }).first().click();
    await page.waitForURL(/\/admin\/roster$/);
    await page.getByRole('heading', { name: 'Recent imports' }).waitFor();
    // The demo's finished import is listed.
    await page.getByRole('list', { name: 'Recent imports' }).getByText('spring-roster.csv').waitFor();

    await page.getByLabel('Roster file (CSV)').setInputFiles(rosterFile());
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByLabel('Preview counts').waitFor();
    const badRow = page.getByTestId('roster-row-error');
    assert.equal(await badRow.count(), 1);
    assert.match((await badRow.textContent()) ?? '', /not-an-email.*not a valid e-mail/);
    assert.match((await badRow.locator('td').first().textContent()) ?? '', /^3$/);

    await page.getByRole('button', { name: 'Import 2 rows' }).click();
    await page.getByText('finished').first().waitFor({ timeout: 30_000 });
    const result = page.getByLabel('Import result');
    assert.match((await result.textContent()) ?? '', /To invite2To update0Skipped0With errors1/);
    await page.getByRole('list', { name: 'Rejected rows' }).getByText('Line 3:').waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download rejected rows (CSV)' }).click();
    assert.match((await download).suggestedFilename(), /^roster-import-\d+-rejected\.csv$/);

    const mail = await latestMessage(suite.server.baseUrl, newcomer, /invited/);
    assert.match(mail.text, /join\?token=/);
    assert.deepEqual(errors, []);
  });

  it('screenshots the Roster screen on desktop and phone, light and dark', { skip: !shotsDir }, async () => {
    const dir = String(shotsDir);
    mkdirSync(dir, { recursive: true });
    const state = await admin.storageState();
    for (const look of screenshotLooks(900)) {
      const context = await suite.browser.newContext({ baseURL: suite.server.baseUrl, ...lookOptions(look), storageState: state });
      try {
        const shot = await context.newPage();
        await shot.goto('/admin/roster');
        await shot.getByRole('list', { name: 'Recent imports' }).getByText('spring-roster.csv').waitFor();
        await shot.screenshot({ path: `${dir}/roster-${look.name}.png`, fullPage: true });
        await shot.getByLabel('Roster file (CSV)').setInputFiles(rosterFile('shot.csv'));
        await shot.getByRole('button', { name: 'Preview' }).click();
        await shot.getByTestId('roster-row-error').waitFor();
        await shot.screenshot({ path: `${dir}/roster-preview-${look.name}.png`, fullPage: true });
        await shot.getByRole('list', { name: 'Recent imports' }).getByText('spring-roster.csv').click();
        await shot.getByRole('list', { name: 'Rejected rows' }).waitFor();
        await shot.screenshot({ path: `${dir}/roster-result-${look.name}.png`, fullPage: true });
      } finally {
        await context.close();
      }
    }
  });
});
