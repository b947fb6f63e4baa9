// Walking a list of pages in one signed-in (or public) page, collecting what is wrong with each.
import type { Page } from 'playwright-core';

/** Opens `path` and waits until its first heading is on screen and the lists it loads (and any entrance transition) have settled. */
export async function settle(page: Page, path: string, pauseMs = 300): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading').first().waitFor({ timeout: 15_000 });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(pauseMs);
}

/**
 * Visits each path in turn in `page` (settled as above) and answers what `check` finds wrong there,
 * one line a page that has something wrong, in the order visited.
 */
export async function visitPages(
  page: Page,
  paths: readonly string[],
  check: (page: Page, path: string) => Promise<string[]>,
  pauseMs?: number,
): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await settle(page, path, pauseMs);
    const problems = await check(page, path);
    if (problems.length > 0) found.push(`${path}: ${problems.join('; ')}`);
  }
  return found;
}
