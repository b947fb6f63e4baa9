import type { NotificationPage } from '@alumlink/contract';
import { expect } from 'vitest';
import type { App } from '../../app';
import type { PostRow } from '../../db/schema/index';
import { authHeader, createPost, useSignedInPeople, useTestApp, type TestUser } from '../../test/index';
import { imageFile, multipartBody, sampleImage } from '../../test/uploads';

/**
 * The post files' app and its two people, made in a beforeAll: an alumnus who writes (with a handle
 * and a profile image) and a trainee who reads.
 */
export function usePostsApp() {
  const t = useTestApp();
  const { people, auth } = useSignedInPeople(t, {
    author: { role: 'AL', firstName: 'Alex', lastName: 'Morgan', handle: 'alexm', image: 'avatars/a.webp' },
    reader: { role: 'TR' },
  });

  const base = Date.UTC(2031, 0, 1);
  /** `count` posts by `userId`, dated in 2031 (so they lead the feed) a second apart, or all at the same moment. */
  async function insertPosts(userId: number, count: number, options: { sameTime?: boolean; caption?: string } = {}) {
    const rows: PostRow[] = [];
    for (let index = 0; index < count; index += 1) {
      rows.push(
        await createPost(t.db, {
          userId,
          caption: `${options.caption ?? 'post'} ${index}`,
          image: `posts/${index}.webp`,
          createdAt: new Date(options.sameTime ? base - 60_000 : base + index * 1000),
        }),
      );
    }
    return rows;
  }

  async function createPostViaApi(caption: string, headers = auth(people.author)) {
    const body = multipartBody({ caption }, [imageFile(await sampleImage(3000, 1500, 'jpeg'), 'photo.jpg', 'image/jpeg')]);
    return t.app.inject({ method: 'POST', url: '/social/posts/', payload: body.payload, headers: { ...headers, ...body.headers } });
  }

  return { t, people, auth, insertPosts, createPostViaApi };
}

/** Posts `caption` with a small JPEG as `as`, through the API; the new post's id. */
export async function postAs(app: App, as: TestUser, caption: string): Promise<number> {
  const body = multipartBody({ caption }, [imageFile(await sampleImage(40, 30, 'jpeg'), 'photo.jpg', 'image/jpeg')]);
  const response = await app.inject({
    method: 'POST',
    url: '/social/posts/',
    payload: body.payload,
    headers: { ...(await authHeader(app, as)), ...body.headers },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number }>().id;
}

/** Comments `text` on `postId` as `as`, through the API; the new comment's id. */
export async function commentAs(app: App, as: TestUser, postId: number, text: string): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: `/social/posts/${postId}/comment/`,
    payload: { text },
    headers: await authHeader(app, as),
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number }>().id;
}

/** The mention notifications of `person`, newest first. */
export async function mentionNotificationsOf(app: App, person: TestUser) {
  const response = await app.inject({ url: '/social/notifications/', headers: await authHeader(app, person) });
  expect(response.statusCode).toBe(200);
  return response.json<NotificationPage>().results.filter((notification) => notification.type === 'mention');
}
