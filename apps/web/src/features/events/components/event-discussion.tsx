import { useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { displayName, EVENT_LIMITS, type Event, type EventMessage } from '@alumlink/contract';
import { Avatar, Button, Dialog, ErrorState, Input, Spinner } from '@/components/ui';
import { useRealtimeEvent } from '@/features/realtime';
import { useStoredUser } from '@/lib/use-session';
import { addDiscussionMessage, useEventDiscussion, usePostDiscussionMessage } from '../api/event-discussion';

const timeFormat = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit' });

function MessageItem({ message, isOwn }: { message: EventMessage; isOwn: boolean }) {
  return (
    <li className="flex items-start gap-2.5">
      <Avatar src={message.user.image} personId={message.user.id} name={displayName(message.user)} alt="" size="xs" />
      <div className="min-w-0">
        <p className="text-xs text-fg-muted">
          <span className="font-semibold text-fg">{isOwn ? 'You' : displayName(message.user)}</span> ·{' '}
          <time dateTime={message.created_at}>{timeFormat.format(new Date(message.created_at))}</time>
        </p>
        <p className="text-sm break-words whitespace-pre-wrap text-fg">{message.text}</p>
      </div>
    </li>
  );
}

/** 'Live Discussions' of one event: the messages (live) and a box to add one. */
export function EventDiscussion({ event }: { event: Event }) {
  const me = useStoredUser();
  const queryClient = useQueryClient();
  const discussion = useEventDiscussion(event.id);
  const post = usePostDiscussionMessage(event.id);
  const [text, setText] = useState('');
  const bottom = useRef<HTMLLIElement>(null);
  // Newest first from the server; oldest at the top on screen.
  const messages = (discussion.data?.pages.flatMap((page) => page.results) ?? []).slice().reverse();
  const newestId = messages.at(-1)?.id;

  useRealtimeEvent((live) => {
    if (live.type === 'event.message' && live.data.event_id === event.id) addDiscussionMessage(queryClient, event.id, live.data.message);
  });

  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'nearest' });
  }, [newestId]);

  const handleSend = async () => {
    const trimmed = text.trim();
    if (!trimmed || post.isPending) return;
    try {
      await post.mutateAsync(trimmed);
      setText('');
    } catch (error) {
      console.warn('event discussion: send failed', error);
      toast.error('Failed to send your message. Please try again.');
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="max-h-80 min-h-40 overflow-y-auto rounded-xl border border-border bg-surface-muted/50 p-3">
        {discussion.isPending ? (
          <div className="flex justify-center py-8 text-primary">
            <Spinner label="Loading messages" />
          </div>
        ) : discussion.isError && messages.length === 0 ? (
          <ErrorState message="Failed to load the discussion." onRetry={() => void discussion.refetch()} />
        ) : messages.length === 0 ? (
          <p className="py-8 text-center text-sm text-fg-muted">No messages yet. Start the conversation!</p>
        ) : (
          <>
            {discussion.hasNextPage ? (
              <div className="mb-2 flex justify-center">
                <Button variant="ghost" size="sm" onClick={() => void discussion.fetchNextPage()} loading={discussion.isFetchingNextPage}>
                  Load earlier messages
                </Button>
              </div>
            ) : null}
            <ul aria-label="Discussion messages" aria-live="polite" className="space-y-3">
              {messages.map((message) => (
                <MessageItem key={message.id} message={message} isOwn={message.user.id === me?.id} />
              ))}
              <li ref={bottom} aria-hidden="true" />
            </ul>
          </>
        )}
      </div>
      <form
        className="flex gap-2"
        onSubmit={(submitEvent) => {
          submitEvent.preventDefault();
          void handleSend();
        }}
      >
        <label htmlFor={`discussion-${event.id}`} className="sr-only">
          Message
        </label>
        <Input
          id={`discussion-${event.id}`}
          value={text}
          maxLength={EVENT_LIMITS.discussionMessageMax}
          onChange={(change) => setText(change.target.value)}
          placeholder="Write a message..."
          autoComplete="off"
        />
        <Button type="submit" loading={post.isPending} leftIcon={<Send aria-hidden="true" className="size-4" />}>
          Send
        </Button>
      </form>
    </div>
  );
}

/** The discussion in a dialog, opened from an event card. */
export function EventDiscussionDialog({
  event,
  open,
  onOpenChange,
}: {
  event: Event;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Live Discussions" description={event.title}>
      <EventDiscussion event={event} />
    </Dialog>
  );
}
