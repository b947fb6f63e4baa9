import { MENTORING_MESSAGES } from '@alumlink/contract';
import { describe, expect, it } from 'vitest';
import { emailsTo } from '../../test/index';
import { useMentorships } from './mentorships.test-helpers';

const { t, people, auth, person, mentor, ask, request, act, activeCount, notificationsOf } = useMentorships();

describe('POST /api/mentoring/requests/', () => {
  it('creates a pending request and notifies the mentor', async () => {
    const m = await mentor();
    const mentee = await person('TR', 'Tara');
    const response = await ask(mentee, m.id, { topic: '  React  ', message: ' Hi! ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      status: 'pending',
      topic: 'React',
      message: 'Hi!',
      decline_reason: null,
      conversation_id: null,
      mentor: { id: m.id },
      mentee: { id: mentee.id },
    });
    const [note] = await notificationsOf(m);
    expect(note).toMatchObject({
      type: 'mentoring_requested',
      actorId: mentee.id,
      text: expect.stringContaining('asked you for mentoring on React'),
    });
  });

  it('refuses yourself (400), a non-mentor (404), a paused or full mentor (409 mentor_unavailable) and a second open request (409)', async () => {
    const m = await mentor(1);
    const mentee = await person();
    expect((await ask(m, m.id)).json()).toEqual({ mentor_id: [MENTORING_MESSAGES.notYourself] });
    expect((await ask(mentee, people.stranger.id)).statusCode).toBe(404);
    expect((await ask(mentee, 999_999)).statusCode).toBe(404);
    const id = await request(mentee, m);
    const again = await ask(mentee, m.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('already_requested');
    expect((await act(m, id, 'accept')).statusCode).toBe(200);
    const full = await ask(await person(), m.id);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ detail: MENTORING_MESSAGES.mentorUnavailable, code: 'mentor_unavailable' });
    const paused = await mentor();
    await t.app.inject({ method: 'PUT', url: '/api/mentoring/profile/', headers: auth(paused), payload: { accepting: false } });
    expect((await ask(mentee, paused.id)).json().code).toBe('mentor_unavailable');
  });

  it.each([
    ['no body', undefined],
    ['mentor_id missing', { topic: 'x', message: 'y' }],
    ['a blank message', { mentor_id: 1, topic: 'x', message: '  ' }],
    ['a long topic', { mentor_id: 1, topic: 'x'.repeat(41), message: 'y' }],
    ['mentor_id text', { mentor_id: 'abc', topic: 'x', message: 'y' }],
  ])('answers 400 for %s', async (_label, payload) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/mentoring/requests/',
      headers: auth(people.stranger),
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('transitions', () => {
  it('accept: the mentor only; opens the conversation (reused when the pair has one), counts the mentee, notifies', async () => {
    const m = await mentor();
    const mentee = await person();
    const id = await request(mentee, m);
    expect((await act(mentee, id, 'accept')).statusCode).toBe(403);
    expect((await act(people.stranger, id, 'accept')).statusCode).toBe(404);
    const accepted = await act(m, id, 'accept');
    expect(accepted.statusCode).toBe(200);
    const { conversation_id: conversationId, status } = accepted.json();
    expect(status).toBe('active');
    expect(conversationId).toEqual(expect.any(Number));
    expect(await activeCount(m)).toBe(1);
    const menteeMessages = await t.app.inject({ url: `/social/conversations/${conversationId}/messages/`, headers: auth(mentee) });
    expect(menteeMessages.statusCode).toBe(200);
    const [note] = await notificationsOf(mentee);
    expect(note).toMatchObject({ type: 'mentoring_accepted', conversationId });
    expect((await act(m, id, 'accept')).json().code).toBe('invalid_transition');
    // Complete, then ask again: the same conversation comes back.
    expect((await act(mentee, id, 'complete')).json()).toMatchObject({ status: 'completed' });
    expect(await activeCount(m)).toBe(0);
    const second = await request(mentee, m);
    expect((await act(m, second, 'accept')).json().conversation_id).toBe(conversationId);
  });

  it('decline: the mentor only, with an optional reason, from pending only', async () => {
    const m = await mentor();
    const mentee = await person();
    const id = await request(mentee, m);
    expect((await act(mentee, id, 'decline', {})).statusCode).toBe(403);
    const declined = await act(m, id, 'decline', { reason: '  Fully booked this month ' });
    expect(declined.json()).toMatchObject({ status: 'declined', decline_reason: 'Fully booked this month' });
    const notes = await notificationsOf(mentee);
    expect(notes.find((n) => n.type === 'mentoring_declined')).toMatchObject({ reason: 'Fully booked this month' });
    expect((await act(m, id, 'decline', {})).statusCode).toBe(409);
    expect((await act(m, id, 'accept')).statusCode).toBe(409);
    const other = await request(mentee, m);
    expect((await act(m, other, 'decline')).json()).toMatchObject({ status: 'declined', decline_reason: null });
    expect((await act(m, other, 'decline', { reason: 'x'.repeat(501) })).statusCode).toBe(400);
  });

  it('cancel: the mentee only, while pending; complete: either side, while active', async () => {
    const m = await mentor();
    const mentee = await person();
    const id = await request(mentee, m);
    expect((await act(m, id, 'cancel')).statusCode).toBe(403);
    expect((await act(mentee, id, 'complete')).statusCode).toBe(409);
    expect((await act(mentee, id, 'cancel')).json()).toMatchObject({ status: 'cancelled' });
    expect((await notificationsOf(m)).some((n) => n.type === 'mentoring_cancelled')).toBe(true);
    expect((await act(mentee, id, 'cancel')).statusCode).toBe(409);
    const active = await request(mentee, m);
    await act(m, active, 'accept');
    expect((await act(mentee, active, 'cancel')).statusCode).toBe(409);
    expect((await act(people.stranger, active, 'complete')).statusCode).toBe(404);
    expect((await act(people.admin, active, 'complete')).statusCode).toBe(403);
    expect((await act(m, active, 'complete')).json()).toMatchObject({ status: 'completed' });
    expect((await notificationsOf(mentee)).some((n) => n.type === 'mentoring_completed')).toBe(true);
    expect((await act(m, active, 'complete')).statusCode).toBe(409);
  });

  it('accept answers 409 mentor_full when the places are taken', async () => {
    const m = await mentor(1);
    const [a, b] = [await person(), await person()];
    const first = await request(a, m);
    const second = await request(b, m);
    expect((await act(m, first, 'accept')).statusCode).toBe(200);
    const full = await act(m, second, 'accept');
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ detail: MENTORING_MESSAGES.full, code: 'mentor_full' });
  });

  it('e-mails the other person at once (mentoring e-mails are instant by default)', async () => {
    const m = await mentor();
    const mentee = await person();
    await request(mentee, m);
    const [mail] = await emailsTo(t.db, m.email);
    expect(mail?.subject).toContain('asked you for mentoring on React');
    expect(await emailsTo(t.db, mentee.email)).toEqual([]);
  });
});
