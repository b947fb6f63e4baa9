// The event page as a member sees it (venue, start and end in the event's time zone, who is going,
// linking to profiles), and the admin portal's event form checking the end before it sends. With
// SHOTS_DIR set, each look (desktop and 390 px phone, light and dark) is saved there.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { useServerAndBrowser } from './support/suite.ts';
import { signedInPage, type PageLook } from './support/signed-in-page.ts';

const LOOKS: (PageLook & { name: string })[] = [
  { name: 'desktop-light', width: 1280, height: 900, colorScheme: 'light' },
  { name: 'desktop-dark', width: 1280, height: 900, colorScheme: 'dark' },
  { name: 'phone-light', width: 390, height: 844, colorScheme: 'light' },
  { name: 'phone-dark', width: 390, height: 844, colorScheme: 'dark' },
];

async function shoot(page: Page, name: string): Promise<void> {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
}

/** The page is no wider than its viewport (no sideways scrolling). */
async function assertNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
}

describe('the event page and the admin event form', () => {
  const suite = useServerAndBrowser();

  for (const look of LOOKS) {
    it(`shows the venue, the end time and who is going (${look.name})`, async () => {
      const { context, page, errors } = await signedInPage(suite.browser, suite.server.baseUrl, 'trainee@example.com', look);
      try {
        await page.goto('/user/events/1');
        await page.getByRole('heading', { level: 1, name: 'Full-Stack Career Meetup' }).waitFor();
        // The demo meetup runs 6:30 PM – 8:30 PM in Bengaluru; the browser's zone (UTC) reads differently.
        await page.getByText(/6:30 PM – 8:30 PM GMT\+5:30/).waitFor();
        await page.getByText(/^Your time: .* 1:00 PM – 3:00 PM UTC$/).waitFor();
        await page.getByText('Pixel Labs office, 4th floor, 80 Feet Road, Koramangala, Bengaluru').waitFor();
        const going = page.getByRole('list', { name: 'Who is going' });
        await going.waitFor();
        const people = going.getByRole('link');
        assert.ok((await people.count()) >= 5, 'several people are named');
        assert.match((await people.first().getAttribute('href')) ?? '', /^\/user\/profile\/\d+$/);
        await page.getByText(/^\d+ going/).waitFor();
        await assertNoSidewaysScroll(page);
        await shoot(page, `event-page-${look.name}`);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }

  for (const look of LOOKS) {
    it(`checks the end after the start in the admin event form (${look.name})`, async () => {
      const { context, page, errors } = await signedInPage(suite.browser, suite.server.baseUrl, 'admin@example.com', look);
      try {
        await page.goto('/admin/events');
        await page.getByRole('link', { name: 'Full-Stack Career Meetup' }).waitFor();
        await page.getByRole('button', { name: 'Edit Full-Stack Career Meetup' }).click();
        const dialog = page.getByRole('dialog', { name: 'Edit event' });
        await dialog.waitFor();
        assert.equal(await dialog.getByLabel('Time zone').inputValue(), 'Asia/Kolkata');
        const starts = await dialog.getByLabel('Starts').inputValue();
        await dialog.getByLabel('Ends').fill(starts.replace(/T\d{2}:\d{2}$/, 'T06:00'));
        await dialog.getByRole('button', { name: 'Save changes' }).click();
        await dialog.getByText('The end must be after the start.').waitFor();
        await assertNoSidewaysScroll(page);
        await shoot(page, `admin-event-form-${look.name}`);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }
});
