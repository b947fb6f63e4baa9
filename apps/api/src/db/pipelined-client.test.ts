import { describe, expect, it } from 'vitest';
import { withoutLibpqHost } from './pipelined-client';

describe('withoutLibpqHost', () => {
  it('takes a Unix socket directory out of the query string, keeping the other settings', () => {
    expect(withoutLibpqHost('postgres://postgres@localhost/app?host=/var/run/postgresql&sslmode=disable')).toEqual({
      url: 'postgres://postgres@localhost/app?sslmode=disable',
      host: '/var/run/postgresql',
    });
  });

  it('leaves a URL without one as it is', () => {
    const url = 'postgres://user:secret@db.example:6543/app?sslmode=require';
    expect(withoutLibpqHost(url)).toEqual({ url, host: null });
  });
});
