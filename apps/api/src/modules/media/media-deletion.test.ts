// Issue "Safe by default", part 6: the image of a post deleted by its author or by moderation,
// and every file of a deleted person, stop being served (404).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalMediaStorage } from '../../lib/storage/index';
import { authHeader, createTestApp, createUser, type TestApp } from '../../test/index';
import { imageFile, multipartBody, sampleImage } from '../../test/uploads';

let t: TestApp;
let adminAuth: { authorization: string };
let side = 40;

beforeAll(async () => {
  t = await createTestApp();
  adminAuth = await authHeader(t.app, await createUser(t.db, { role: 'AD' }));
});
afterAll(() => t.close());

/** A person and their authorization header. */
async function person() {
  const user = await createUser(t.db, { role: 'AL' });
  return { user, auth: await authHeader(t.app, user) };
}

/** A new image (each size re-encodes to different bytes, hence a different key). */
async function newImage(): Promise<Buffer> {
  side += 1;
  return sampleImage(side, side, 'png');
}

async function createPost(auth: { authorization: string }, image: Buffer): Promise<{ id: number; image: string }> {
  const body = multipartBody({ caption: 'A picture' }, [imageFile(image)]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/social/posts/',
    payload: body.payload,
    headers: { ...auth, ...body.headers },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function setProfileImage(auth: { authorization: string }, image: Buffer): Promise<string> {
  const body = multipartBody({}, [imageFile(image)]);
  const response = await t.app.inject({
    method: 'PUT',
    url: '/social/user-profiles/update-me/',
    payload: body.payload,
    headers: { ...auth, ...body.headers },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().image;
}

const status = async (url: string) => (await t.app.inject({ url })).statusCode;
const keyOf = (url: string) => url.replace(/^\/media\//, '');
const servedFile = (url: string) => path.join(t.config.mediaDir, keyOf(url));
const withheldFile = (url: string) => path.join(t.config.mediaDir, '.withheld', keyOf(url));

const deleteOwn = (id: number, auth: { authorization: string }) =>
  t.app.inject({ method: 'DELETE', url: `/social/posts/${id}/`, headers: auth });
const moderate = (id: number) =>
  t.app.inject({
    method: 'DELETE',
    url: `/social/admin/posts/${id}/delete_post/`,
    headers: adminAuth,
    payload: { reason: 'Scam or fraud' },
  });
const deletePerson = (id: number) => t.app.inject({ method: 'DELETE', url: `/users/admin/delete-user/${id}/`, headers: adminAuth });

describe('media of deleted posts', () => {
  it("the author's deletion removes the image: 404", async () => {
    const { auth } = await person();
    const post = await createPost(auth, await newImage());
    expect(await status(post.image)).toBe(200);
    expect((await deleteOwn(post.id, auth)).statusCode).toBe(204);
    expect(await status(post.image)).toBe(404);
    expect(existsSync(servedFile(post.image))).toBe(false);
    expect(existsSync(withheldFile(post.image))).toBe(false);
  });

  it('moderation withholds the image: 404, its bytes kept aside so an appeal can restore it', async () => {
    const { auth } = await person();
    const post = await createPost(auth, await newImage());
    expect(await status(post.image)).toBe(200);
    expect((await moderate(post.id)).statusCode).toBe(200);
    expect(await status(post.image)).toBe(404);
    expect(existsSync(servedFile(post.image))).toBe(false);
    expect(existsSync(withheldFile(post.image))).toBe(true);
    await new LocalMediaStorage(t.config.mediaDir).reinstate(keyOf(post.image));
    expect(await status(post.image)).toBe(200);
  });

  it('an image another live post still shows stays served', async () => {
    const image = await newImage();
    const first = await person();
    const second = await person();
    const mine = await createPost(first.auth, image);
    const theirs = await createPost(second.auth, image);
    expect(theirs.image).toBe(mine.image);
    expect((await deleteOwn(mine.id, first.auth)).statusCode).toBe(204);
    expect(await status(theirs.image)).toBe(200);
    expect((await moderate(theirs.id)).statusCode).toBe(200);
    expect(await status(theirs.image)).toBe(404);
  });
});

describe('media of deleted people', () => {
  it('their profile image and every post image (moderated ones too) answer 404; shared ones stay', async () => {
    const { user, auth } = await person();
    const other = await person();
    const avatar = await setProfileImage(auth, await newImage());
    const live = await createPost(auth, await newImage());
    const moderated = await createPost(auth, await newImage());
    const sharedImage = await newImage();
    const shared = await createPost(auth, sharedImage);
    const othersCopy = await createPost(other.auth, sharedImage);
    expect((await moderate(moderated.id)).statusCode).toBe(200);
    for (const url of [avatar, live.image, shared.image]) expect(await status(url), url).toBe(200);

    expect((await deletePerson(user.id)).statusCode).toBe(200);
    for (const url of [avatar, live.image, moderated.image]) {
      expect(await status(url), url).toBe(404);
      expect(existsSync(servedFile(url)), url).toBe(false);
      expect(existsSync(withheldFile(url)), url).toBe(false);
    }
    expect(await status(othersCopy.image)).toBe(200);
  });
});
