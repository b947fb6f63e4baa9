import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, emailsTo, type TestApp } from '../test/index';

const SOURCE = join(import.meta.dirname, '..');

/** The API's source files outside lib/ (where the mailer lives) and the tests. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'lib' && dir === SOURCE ? [] : sourceFiles(path);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) return [];
    return [path];
  });
}

/** What only lib/mailer and the unit of work (app-context.ts) may do with the outbox (decision record 037). */
const FORBIDDEN: { what: string; pattern: RegExp }[] = [
  { what: 'wakes the mailer by hand (the unit of work does, after its commit)', pattern: /\.trigger\(\)/ },
  { what: 'writes the outbox through the mailer (queue mail with work.sendMail)', pattern: /mailer\.enqueue\(/ },
  { what: 'writes the outbox with lib/mailer helpers (queue mail with work.sendMail)', pattern: /\benqueueEmails?\(/ },
  {
    what: "writes the outbox's table itself",
    pattern: /\.(insert|update|delete)\(outgoingEmails\)|(insert into|update|delete from)\s+"?outgoing_emails/i,
  },
];

describe('the outbox is reached one way', () => {
  it('no module wakes the mailer or writes the outbox but through its scope (ctx.transaction, notify)', () => {
    const offences = sourceFiles(SOURCE)
      .filter((file) => file !== join(SOURCE, 'app-context.ts'))
      .flatMap((file) => {
        const text = readFileSync(file, 'utf8');
        return FORBIDDEN.filter(({ pattern }) => pattern.test(text)).map(({ what }) => `${relative(SOURCE, file)} ${what}`);
      });
    expect(offences).toEqual([]);
  });
});

describe('ctx.transaction, the unit of work', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('announces its events and wakes the mailer once it committed, not before', async () => {
    const person = await createUser(t.db);
    const seen: number[] = [];
    const stop = t.ctx.events.on('person.changed', ({ userId }) => {
      seen.push(userId);
    });
    const wake = vi.spyOn(t.ctx.mailer, 'trigger');
    try {
      await t.ctx.transaction(async (work) => {
        work.emit('person.changed', { userId: person.id });
        await work.sendMail({ to: person.email, subject: 'Committed', text: 'Hello.', html: null });
        expect(seen).toEqual([]);
        expect(wake).not.toHaveBeenCalled();
      });
      expect(seen).toEqual([person.id]);
      expect(wake).toHaveBeenCalledTimes(1);
      expect((await emailsTo(t.db, person.email)).map((email) => email.subject)).toEqual(['Committed']);
    } finally {
      stop();
      wake.mockRestore();
    }
  });

  it('rolled back, it announces nothing, queues nothing and leaves the mailer asleep', async () => {
    const person = await createUser(t.db);
    const seen: number[] = [];
    const stop = t.ctx.events.on('person.changed', ({ userId }) => {
      seen.push(userId);
    });
    const wake = vi.spyOn(t.ctx.mailer, 'trigger');
    try {
      const attempt = t.ctx.transaction(async (work) => {
        work.emit('person.changed', { userId: person.id });
        await work.sendMail({ to: person.email, subject: 'Rolled back', text: 'Hello.', html: null });
        throw new Error('the change failed');
      });
      await expect(attempt).rejects.toThrow('the change failed');
      expect(seen).toEqual([]);
      expect(wake).not.toHaveBeenCalled();
      expect(await emailsTo(t.db, person.email)).toEqual([]);
    } finally {
      stop();
      wake.mockRestore();
    }
  });
});
