// Screenshots of pages at desktop and phone widths, light and dark, for a person to look at.
// Usage: npx tsx scripts/screenshots.ts <baseUrl> <outDir> [--login email:password] [--themes Light,Dark,Blue] path...
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from '../apps/web/e2e/support/browser.ts';

const [baseUrl, outDir, ...rest] = process.argv.slice(2);
if (!baseUrl || !outDir) throw new Error('usage: screenshots.ts <baseUrl> <outDir> [--login email:password] path...');
const loginIndex = rest.indexOf('--login');
const login = loginIndex >= 0 ? rest.splice(loginIndex, 2)[1] : undefined;
const themesIndex = rest.indexOf('--themes');
/** Theme settings to shoot (the app's own setting, stored as `theme`); the browser's scheme follows. */
const themes = (themesIndex >= 0 ? (rest.splice(themesIndex, 2)[1] ?? '') : 'Light,Dark').split(',').filter(Boolean);
const paths = rest.length > 0 ? rest : ['/'];
mkdirSync(outDir, { recursive: true });

const browser = await launchBrowser();
for (const theme of themes) {
  const scheme = theme === 'Dark' ? 'dark' : 'light';
  for (const [label, width, height] of [
    ['desktop', 1440, 900],
    ['phone', 390, 844],
  ] as const) {
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width, height },
      colorScheme: scheme,
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    if (login) {
      const [email, password] = login.split(':');
      await page.goto('/login');
      await page.getByLabel(/email/i).fill(email ?? '');
      await page.getByLabel(/^password$/i).fill(password ?? '');
      await page.getByRole('button', { name: /sign in/i }).click();
      await page.waitForURL(/\/(user|admin)/);
    }
    if (!login) await page.goto('/');
    await page.evaluate((setting) => localStorage.setItem('theme', setting), theme);
    for (const path of paths) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      const name = `${path.replace(/[^a-z0-9]+/gi, '_') || 'root'}-${label}-${theme.toLowerCase()}.png`;
      await page.screenshot({ path: join(outDir, name), fullPage: label === 'phone' ? false : true });
    }
    await context.close();
  }
}
await browser.close();
console.log(`screenshots in ${outDir}`);
