import { existsSync } from 'node:fs';
import path from 'node:path';
import { AUTH_MESSAGES, PROFILE_MESSAGES } from '@alumlink/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { authHeader, createUser, createTestApp, type TestApp, type TestUser } from '../../test/index';
import { imageFile, multipartBody, sampleImage } from '../../test/uploads';

let t: TestApp;
let me: TestUser;
let other: TestUser;
let myAuth: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  me = await createUser(t.db, { firstName: 'Taylor', lastName: 'Reed', bio: 'Learning.', skills: 'HTML', handle: 'taylor1' });
  other = await createUser(t.db, {
    firstName: 'Other',
    lastName: 'Person',
    handle: 'TakenHandle',
    countryCode: '+44',
    phoneNumber: '7700 900000',
  });
  myAuth = await authHeader(t.app, me);
});
afterAll(() => t.close());

function put(payload: Record<string, unknown>, url = '/social/user-profiles/update-me/', headers = myAuth) {
  return t.app.inject({ method: 'PUT', url, payload, headers });
}

describe('PUT /social/user-profiles/update-me/ and /social/profiles/update-me/', () => {
  it('changes given fields only; empty and null fields stay unchanged; answers the user', async () => {
    const response = await put({ first_name: 'Tay', last_name: '', bio: null, skills: '   ', handle: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: me.id,
      first_name: 'Tay',
      last_name: 'Reed',
      bio: 'Learning.',
      skills: 'HTML',
      handle: 'taylor1',
      email: me.email,
    });
    const alias = await put({ last_name: 'Reid ' }, '/social/profiles/update-me/');
    expect(alias.json()).toMatchObject({ first_name: 'Tay', last_name: 'Reid' });
  });

  it('only ever changes the caller (no field names another person)', async () => {
    const response = await put({
      id: other.id,
      user_id: other.id,
      email: 'hijack@example.com',
      role: 'AD',
      is_staff: true,
      first_name: 'Mine',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: me.id, first_name: 'Mine', email: me.email, role: 'TR', is_staff: false });
    const [otherRow] = await t.db.select().from(users).where(eq(users.id, other.id));
    expect(otherRow).toMatchObject({ firstName: 'Other', email: other.email });
  });

  it('normalises skills: trimmed, empty items dropped, de-duplicated case-insensitively', async () => {
    const response = await put({ skills: ' React ,typescript,, react , TypeScript,Node.js ,' });
    expect(response.json().skills).toBe('React, typescript, Node.js');
  });

  it('checks handles: letters and digits, at most 30, unique case-insensitively', async () => {
    for (const handle of ['with space', 'dash-ed', 'ünïcode', 'a'.repeat(31)]) {
      const response = await put({ handle });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual(['handle']);
    }
    expect((await put({ handle: 'with space' })).json()).toEqual({ handle: [PROFILE_MESSAGES.handleFormat] });
    const taken = await put({ handle: 'takenhandle' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ handle: [PROFILE_MESSAGES.handleTaken] });
    // Changing the case of one's own handle is fine.
    const own = await put({ handle: 'TAYLOR1' });
    expect(own.statusCode).toBe(200);
    expect(own.json().handle).toBe('TAYLOR1');
  });

  it('requires country code and phone number together', async () => {
    const alone = await put({ phone_number: '555 1234' });
    expect(alone.statusCode).toBe(400);
    expect(alone.json()).toEqual({ non_field_errors: [AUTH_MESSAGES.phonePair] });
    const both = await put({ phone_number: '555 1234', country_code: '+1' });
    expect(both.json()).toMatchObject({ phone_number: '555 1234', country_code: '+1', phone: '+1 555 1234' });
    // Now both are stored, one may change alone.
    expect((await put({ country_code: '+44' })).json()).toMatchObject({ country_code: '+44', phone_number: '555 1234' });
    expect((await put({ country_code: 'abc' })).statusCode).toBe(400);
  });

  it('accepts multipart with an image: sets image and profile.profile_image to a 256 px WebP', async () => {
    const body = multipartBody({ first_name: 'Pictured', bio: '' }, [
      imageFile(await sampleImage(900, 400, 'jpeg'), 'me.jpg', 'image/jpeg'),
    ]);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/social/profiles/update-me/',
      payload: body.payload,
      headers: { ...myAuth, ...body.headers },
    });
    expect(response.statusCode).toBe(200);
    const user = response.json();
    expect(user.first_name).toBe('Pictured');
    expect(user.image).toMatch(/^\/media\/avatars\/[0-9a-f]{64}\.webp$/);
    expect(user.profile).toEqual({ profile_image: user.image });
    const file = path.join(t.config.mediaDir, user.image.replace('/media/', ''));
    expect(existsSync(file)).toBe(true);
    const metadata = await sharp(file).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 256, 256]);

    // Multipart without an image keeps the image.
    const textOnly = multipartBody({ last_name: 'Still' });
    const kept = await t.app.inject({
      method: 'PUT',
      url: '/social/profiles/update-me/',
      payload: textOnly.payload,
      headers: { ...myAuth, ...textOnly.headers },
    });
    expect(kept.json()).toMatchObject({ last_name: 'Still', image: user.image });
  });

  it('refuses anonymous callers and malformed JSON', async () => {
    expect((await put({ first_name: 'x' }, undefined, { authorization: '' })).statusCode).toBe(401);
    const broken = await t.app.inject({
      method: 'PUT',
      url: '/social/profiles/update-me/',
      payload: '{"first_name":',
      headers: { ...myAuth, 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect((await put({ first_name: 'x'.repeat(151) })).statusCode).toBe(400);
  });
});

describe('GET /social/user-profiles/by-id/ and /social/profiles/by-id/', () => {
  it("answers someone's profile (e-mail included) on both paths", async () => {
    for (const base of ['/social/user-profiles', '/social/profiles']) {
      const response = await t.app.inject({ url: `${base}/by-id/?user_id=${other.id}`, headers: myAuth });
      expect(response.statusCode).toBe(200);
      // The phone number is only the person's until they choose otherwise (per-field privacy).
      expect(response.json()).toMatchObject({ id: other.id, first_name: 'Other', email: other.email, handle: 'TakenHandle', phone: '' });
      expect(response.json()).not.toHaveProperty('password_hash');
    }
  });

  it('404 for unknown or deactivated people, 400 without a valid id, 401 anonymous', async () => {
    const gone = await createUser(t.db, { isActive: false });
    expect((await t.app.inject({ url: '/social/profiles/by-id/?user_id=99999999', headers: myAuth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/social/profiles/by-id/?user_id=${gone.id}`, headers: myAuth })).statusCode).toBe(404);
    const missing = await t.app.inject({ url: '/social/profiles/by-id/', headers: myAuth });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json())).toEqual(['user_id']);
    expect((await t.app.inject({ url: `/social/profiles/by-id/?user_id=${other.id}` })).statusCode).toBe(401);
  });
});
