import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalMediaStorage } from './index';

const root = mkdtempSync(path.join(os.tmpdir(), 'alumlink-media-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('LocalMediaStorage', () => {
  const storage = new LocalMediaStorage(root);

  it('writes bytes under the key and answers its /media URL', async () => {
    await storage.put('posts/abc123.webp', Buffer.from('bytes'), 'image/webp');
    expect(readFileSync(path.join(root, 'posts/abc123.webp'), 'utf8')).toBe('bytes');
    expect(readdirSync(path.join(root, 'posts'))).toEqual(['abc123.webp']);
    expect(storage.url('posts/abc123.webp')).toBe('/media/posts/abc123.webp');
  });

  it('withholds a key (moved under .withheld/), reinstates it, and removes it from either place', async () => {
    const served = path.join(root, 'posts/kept.webp');
    const withheld = path.join(root, '.withheld/posts/kept.webp');
    await storage.put('posts/kept.webp', Buffer.from('kept'), 'image/webp');
    await storage.withhold('posts/kept.webp');
    expect([existsSync(served), readFileSync(withheld, 'utf8')]).toEqual([false, 'kept']);
    await storage.reinstate('posts/kept.webp');
    expect([readFileSync(served, 'utf8'), existsSync(withheld)]).toEqual(['kept', false]);
    await storage.withhold('posts/kept.webp');
    await storage.remove('posts/kept.webp');
    expect([existsSync(served), existsSync(withheld)]).toEqual([false, false]);
    // Nothing there: no error.
    await storage.remove('posts/kept.webp');
    await storage.withhold('posts/never.webp');
    await storage.reinstate('posts/never.webp');
    await expect(storage.remove('../escape.webp')).rejects.toThrow(/Unsafe media key/);
  });

  it.each(['../escape.webp', '/etc/passwd', 'posts/../../x.webp', 'posts/.hidden', 'Posts/UPPER.webp', ''])(
    'refuses the unsafe key %j',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/Unsafe media key/);
    },
  );
});
