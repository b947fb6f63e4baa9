import { describe, expect, it } from 'vitest';
import {
  authHeader,
  createConversation,
  createPost,
  useTestApp,
  createUser,
  type RecordedStatement,
  type TestUser,
} from '../../test/index';

// A like again, or a further message, while the first one's notification is unread: the write's
// own statement says so, and no notification statement follows (nor an e-mail rendered for it).
const statements: RecordedStatement[] = [];
const t = useTestApp({}, { recordStatementsInto: statements });

async function statementsOf(user: TestUser, url: string, payload?: Record<string, unknown>) {
  const headers = await authHeader(t.app, user);
  statements.length = 0;
  const response = await t.app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload }) });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return statements.map((statement) => statement.text);
}

const storesNotification = (texts: string[]) => texts.some((text) => /insert into notifications/i.test(text));

describe('repeated notifications cost no statement', () => {
  it('a like, an unlike and a like again: only the first like stores a notification', async () => {
    const [author, fan] = [await createUser(t.db), await createUser(t.db)];
    const post = await createPost(t.db, { userId: author.id, caption: 'A post', image: 'posts/p.webp' });
    const url = `/social/posts/${post.id}/like/`;
    expect(storesNotification(await statementsOf(fan, url))).toBe(true);
    expect(storesNotification(await statementsOf(fan, url))).toBe(false); // unlike
    const again = await statementsOf(fan, url);
    expect(again.filter((text) => /post_likes/.test(text))).toHaveLength(1);
    expect(storesNotification(again)).toBe(false);
  });

  it('a second message while the first one is unread runs the send statement alone', async () => {
    const [sender, recipient] = [await createUser(t.db), await createUser(t.db)];
    const conversation = await createConversation(t.db, { userAId: sender.id, userBId: recipient.id });
    const url = `/social/conversations/${conversation.id}/send_message/`;
    expect(storesNotification(await statementsOf(sender, url, { content: 'One' }))).toBe(true);
    const second = await statementsOf(sender, url, { content: 'Two' });
    expect(second.filter((text) => /insert into messages/i.test(text))).toHaveLength(1);
    expect(storesNotification(second)).toBe(false);
  });
});
