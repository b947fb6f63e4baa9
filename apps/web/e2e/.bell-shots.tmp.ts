import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const scheme of ['light', 'dark'] as const) {
  for (const [label, width, height] of [['desktop', 1440, 900], ['phone', 390, 844]] as const) {
    const context = await browser.newContext({ baseURL: 'http://localhost:3417', viewport: { width, height }, colorScheme: scheme });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel(/email/i).fill('alumni@example.com');
    await page.getByLabel(/^password$/i).fill('alumlink-demo');
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL(/\/user/);
    await page.evaluate((theme) => localStorage.setItem('theme', theme), scheme === 'dark' ? 'Dark' : 'Light');
    await page.goto('/user');
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('menu').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots-msg/bell-${label}-${scheme}.png` });
    await context.close();
  }
}
await browser.close();
