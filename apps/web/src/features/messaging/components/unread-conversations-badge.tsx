import { useUnreadConversationCount } from '../api/get-conversations';

/** The number on the messages button: conversations with unread messages (nothing when none). */
export function UnreadConversationsBadge() {
  const count = useUnreadConversationCount();
  if (count === 0) return null;
  return (
    <span
      aria-label={`${count} unread conversations`}
      role="status"
      className="pointer-events-none absolute -top-0.5 -right-0.5 grid h-4.5 min-w-4.5 place-items-center rounded-full bg-danger px-1 text-[10px] leading-none font-bold text-white ring-2 ring-surface"
    >
      {count > 9 ? '9+' : count}
    </span>
  );
}
