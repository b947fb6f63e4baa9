import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';

const SHOTS = process.env.SHOTS_DIR;

/** With SHOTS_DIR set: the page as it is now, on desktop and phone, light and dark (full page), into that folder. */
export async function photograph(page: Page, name: string) {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  for (const [label, width, height] of [
    ['desktop', 1280, 900],
    ['phone', 390, 844],
  ] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme });
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SHOTS}/${name}-${label}-${colorScheme}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}
