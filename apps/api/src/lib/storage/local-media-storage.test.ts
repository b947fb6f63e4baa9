import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
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

  it.each(['../escape.webp', '/etc/passwd', 'posts/../../x.webp', 'posts/.hidden', 'Posts/UPPER.webp', ''])(
    'refuses the unsafe key %j',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/Unsafe media key/);
    },
  );
});
