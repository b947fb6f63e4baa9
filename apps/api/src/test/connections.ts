import type { App } from '../app';
import type { UserRow } from '../db/schema/index';
import { authHeader } from './auth-helpers';

type Member = Pick<UserRow, 'id' | 'role' | 'isStaff' | 'email'>;

/**
 * Through the API: `from` starts (or reopens) a conversation with `to` and writes in it; with
 * `reply`, `to` answers, which makes them connected (DESIGN 7). The conversation's id.
 */
export async function converse(app: App, from: Member, to: Member, options: { reply: boolean }): Promise<number> {
  const started = await app.inject({
    method: 'POST',
    url: '/social/conversations/start_conversation/',
    headers: await authHeader(app, from),
    payload: { user_id: to.id },
  });
  if (started.statusCode >= 300) throw new Error(`start_conversation: ${started.statusCode} ${started.body}`);
  const conversationId = started.json<{ id: number }>().id;
  const writers = options.reply ? [from, to] : [from];
  for (const writer of writers) {
    const sent = await app.inject({
      method: 'POST',
      url: `/social/conversations/${conversationId}/send_message/`,
      headers: await authHeader(app, writer),
      payload: { content: `Hello from ${writer.id}` },
    });
    if (sent.statusCode >= 300) throw new Error(`send_message: ${sent.statusCode} ${sent.body}`);
  }
  return conversationId;
}

/** `a` and `b` each wrote in their conversation: connected. */
export function connect(app: App, a: Member, b: Member): Promise<number> {
  return converse(app, a, b, { reply: true });
}
