import { expect } from 'vitest';
import { authHeader, createUser, type TestApp } from '../../test/index';
import { imageFile, multipartBody, sampleImage } from '../../test/uploads';

export type Auth = { authorization: string };

let side = 30;

/** A person with a profile image, a post with an image, a comment and a like on someone else's post, a message, a referral offer. */
export async function activePerson(t: TestApp, marker: string) {
  const user = await createUser(t.db, { role: 'AL', firstName: marker, lastName: `${marker}son` });
  const auth = await authHeader(t.app, user);
  const other = await createUser(t.db, { role: 'TR' });
  const otherAuth = await authHeader(t.app, other);
  const inject = async (auth: Auth, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json();
  };
  side += 1;
  const avatar = multipartBody({}, [imageFile(await sampleImage(side, side, 'png'))]);
  const profile = await t.app.inject({
    method: 'PUT',
    url: '/social/user-profiles/update-me/',
    payload: avatar.payload,
    headers: { ...auth, ...avatar.headers },
  });
  expect(profile.statusCode, profile.body).toBe(200);
  side += 1;
  const postBody = multipartBody({ caption: `${marker} caption` }, [imageFile(await sampleImage(side, side, 'png'))]);
  const postResponse = await t.app.inject({
    method: 'POST',
    url: '/social/posts/',
    payload: postBody.payload,
    headers: { ...auth, ...postBody.headers },
  });
  expect(postResponse.statusCode, postResponse.body).toBe(201);
  const post = postResponse.json<{ id: number; image: string }>();
  side += 1;
  const otherPostBody = multipartBody({ caption: 'Someone else' }, [imageFile(await sampleImage(side, side, 'png'))]);
  const otherPostResponse = await t.app.inject({
    method: 'POST',
    url: '/social/posts/',
    payload: otherPostBody.payload,
    headers: { ...otherAuth, ...otherPostBody.headers },
  });
  expect(otherPostResponse.statusCode, otherPostResponse.body).toBe(201);
  const otherPost = otherPostResponse.json<{ id: number }>();
  await inject(auth, 'POST', `/social/posts/${otherPost.id}/comment/`, { text: `${marker} comment` });
  await inject(auth, 'POST', `/social/posts/${otherPost.id}/like/`, {});
  const conversation = await inject(auth, 'POST', '/social/conversations/start_conversation/', { user_id: other.id });
  await inject(auth, 'POST', `/social/conversations/${conversation.id}/send_message/`, { content: 'Hello from me' });
  await inject(otherAuth, 'POST', `/social/conversations/${conversation.id}/send_message/`, { content: 'Hello back' });
  const referral = await inject(auth, 'POST', '/api/referrals/create/', {
    company: `${marker} Corp`,
    role: 'Engineer',
    ctc: 12.5,
    location: 'Pune',
    requirements: 'Kindness',
  });
  return {
    user,
    auth,
    other,
    otherAuth,
    post,
    otherPost,
    conversationId: conversation.id as number,
    referralId: referral.id as number,
    profileImage: profile.json<{ image: string }>().image,
  };
}
