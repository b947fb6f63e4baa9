import type { ConversationUpdated, EventMessage, Message, Notification } from '@alumlink/contract';

/**
 * What the services of one app announce on `ctx.events`, after the change committed. The
 * realtime plugin turns them into socket events; any module may listen.
 */
/** Who a post's socket events go to: everyone signed in, or these people alone (a members-only space). */
export type PostReaders = 'everyone' | number[];

export type AppEvents = {
  /** A post was published; `readers` are who may read it (a members-only space's people, decision 034). */
  'post.created': { postId: number; readers: PostReaders };
  /** A post was (soft-)deleted by its author or a moderator. */
  'post.deleted': {
    postId: number;
    readers: PostReaders;
    authorId: number;
    deletedBy: number;
    /** Null when the author deleted it; a moderation reason otherwise. */
    reason: string | null;
  };
  /** An in-app notification was stored for `userId`. */
  'notification.created': { userId: number; notification: Notification };
  /** A message was sent in a conversation between these people. */
  'message.created': { userIds: number[]; message: Message };
  /** One person's view of a conversation changed (unread count, last message). */
  'conversation.updated': { userId: number; conversation: ConversationUpdated };
  /** A message in an event's live discussion (without the author's e-mail). */
  'event.message': { eventId: number; message: EventMessage };
  /** A person's sign-in (`family`), or all of their sign-ins (`family` null), ended. */
  'sessions.ended': { userId: number; family: string | null };
  /** What a signed-in request knows of a person (role, staff flag, e-mail, active flag) changed. */
  'person.changed': { userId: number };
};

export type PostDeletedEvent = AppEvents['post.deleted'];
