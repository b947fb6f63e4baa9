// Per-field privacy end to end: an alumna hides her skills ("Only me") in Settings; a trainee no
// longer sees them on her profile, an admin still does.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { signInByApi } from './support/api-session.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { signIn } from './support/sign-in.ts';
import { newContext, openPage } from './support/browser.ts';

describe('per-field privacy', () => {
  const suite = useServerAndBrowser();
  const pageErrors: string[][] = [];
  let alumniId: number;

  async function signedInPage(email: string): Promise<Page> {
    const context = await newContext(suite.browser, suite.server.baseUrl);
    const { page, errors } = await openPage(context);
    pageErrors.push(errors);
    await signIn(page, email, { landing: (url) => !url.pathname.startsWith('/login'), timeout: 45_000 });
    return page;
  }

  before(async () => {
    const tokens = await signInByApi(suite.server.baseUrl, 'alumni@example.com');
    const me = await fetch(`${suite.server.baseUrl}/social/user-profiles/me/`, { headers: { authorization: `Bearer ${tokens.access}` } });
    alumniId = ((await me.json()) as { id: number }).id;
  });

  it('a field set to "Only me" disappears for others and stays for admins', async () => {
    const trainee = await signedInPage('trainee@example.com');
    await trainee.goto(`/user/profile/${alumniId}`);
    await trainee.getByRole('list', { name: 'Skills' }).getByText('TypeScript', { exact: true }).waitFor();

    const alumni = await signedInPage('alumni@example.com');
    await alumni.goto('/user/settings/privacy');
    const section = alumni.getByRole('form', { name: 'Privacy' });
    await section.getByLabel('Skills').selectOption('only_me');
    await section.getByRole('button', { name: 'Save privacy' }).click();
    await alumni.getByText('Privacy saved.').waitFor();
    await alumni.reload();
    assert.equal(await alumni.getByRole('form', { name: 'Privacy' }).getByLabel('Skills').inputValue(), 'only_me', 'the choice is saved');

    await trainee.reload();
    await trainee.getByRole('heading', { level: 1 }).first().waitFor();
    await trainee.waitForLoadState('networkidle');
    assert.equal(await trainee.getByRole('list', { name: 'Skills' }).count(), 0, 'the trainee no longer sees the skills');

    const admin = await signedInPage('admin@example.com');
    await admin.goto(`/user/profile/${alumniId}`);
    await admin.getByRole('list', { name: 'Skills' }).getByText('TypeScript', { exact: true }).waitFor();
    assert.deepEqual(pageErrors.flat(), []);
  });
});
