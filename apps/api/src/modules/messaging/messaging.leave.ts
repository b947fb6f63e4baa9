import type { LeavePart } from '../../lib/leave';
import { deleteAbandonedConversationsOf } from './messaging.repository';

/**
 * Messaging: the other side keeps each conversation and its messages, the person shown as
 * 'Deleted user'; a conversation whose other side left before goes (nobody is left to read it).
 */
export const messagingLeave: LeavePart = {
  name: 'messaging',
  tables: [
    { table: 'conversations', column: 'user_a_id', rule: 'kept', why: "the other side keeps the conversation ('Deleted user')" },
    { table: 'conversations', column: 'user_b_id', rule: 'kept', why: "the other side keeps the conversation ('Deleted user')" },
    { table: 'conversations', column: 'last_message_sender_id', rule: 'kept', why: 'the last message stays, its sender null' },
    {
      table: 'conversation_participants',
      column: 'user_id',
      rule: 'cascade',
      why: 'their side of each conversation (unread count, order) is theirs alone; conversations nobody is left in go first',
    },
    { table: 'conversation_participants', column: 'other_user_id', rule: 'kept', why: "the other side's row stays, the person null" },
    { table: 'messages', column: 'sender_id', rule: 'kept', why: 'their messages stay for the other side, the sender null' },
  ],
  async run(tx, _leave, person) {
    await deleteAbandonedConversationsOf(tx, person.id);
  },
};
