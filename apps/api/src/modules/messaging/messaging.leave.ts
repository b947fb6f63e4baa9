import { cascade, kept, type LeavePart } from '../../lib/leave';
import { deleteAbandonedConversationsOf } from './messaging.repository';

/**
 * Messaging: the other side keeps each conversation and its messages, the person shown as
 * 'Deleted user'; a conversation whose other side left before goes (nobody is left to read it).
 */
export const messagingLeave: LeavePart = {
  name: 'messaging',
  tables: [
    kept('conversations.user_a_id', "the other side keeps the conversation ('Deleted user')"),
    kept('conversations.user_b_id', "the other side keeps the conversation ('Deleted user')"),
    kept('conversations.last_message_sender_id', 'the last message stays, its sender null'),
    cascade(
      'conversation_participants.user_id',
      'their side of each conversation (unread count, order) is theirs alone; conversations nobody is left in go first',
    ),
    kept('conversation_participants.other_user_id', "the other side's row stays, the person null"),
    kept('messages.sender_id', 'their messages stay for the other side, the sender null'),
  ],
  async run(tx, _leave, person) {
    await deleteAbandonedConversationsOf(tx, person.id);
  },
};
