import { MessageCircle } from 'lucide-react';
import { Fragment, useLayoutEffect, useMemo, useRef } from 'react';
import { Button, EmptyState, ErrorState, Spinner } from '@/components/ui';
import { useMessages } from '../api/get-messages';
import { formatMessageDay } from '../format-message-time';
import { MESSAGING_TEXTS } from '../messages';
import { MessageBubble } from './message-bubble';

/** Within this many pixels of the top, older messages load; of the bottom, new ones keep it pinned. */
const LOAD_OLDER_THRESHOLD_PX = 120;
const STICK_TO_BOTTOM_PX = 80;

export interface MessageListProps {
  conversationId: number;
  ownUserId: number | null;
  otherName: string;
}

/** The thread's messages, oldest at the top; scrolling up loads older pages and keeps the reading position. */
export function MessageList({ conversationId, ownUserId, otherName }: MessageListProps) {
  const thread = useMessages(conversationId);
  const scrollRef = useRef<HTMLDivElement>(null);
  const distanceFromBottomBeforeLoad = useRef<number | null>(null);
  const stickToBottom = useRef(true);

  const messages = useMemo(() => (thread.data ? thread.data.pages.flatMap((page) => page.results).reverse() : []), [thread.data]);
  const oldestId = messages[0]?.id;
  const newest = messages.at(-1);

  function handleLoadOlder() {
    if (!thread.hasNextPage || thread.isFetchingNextPage) return;
    const element = scrollRef.current;
    if (element) distanceFromBottomBeforeLoad.current = element.scrollHeight - element.scrollTop;
    void thread.fetchNextPage();
  }

  function handleScroll() {
    const element = scrollRef.current;
    if (!element) return;
    stickToBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
    if (element.scrollTop < LOAD_OLDER_THRESHOLD_PX) handleLoadOlder();
  }

  // Older messages were added above: keep the same message under the reader's eyes.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    const distance = distanceFromBottomBeforeLoad.current;
    if (!element || distance === null) return;
    element.scrollTop = element.scrollHeight - distance;
    distanceFromBottomBeforeLoad.current = null;
  }, [oldestId]);

  // A new message at the bottom: follow it when the reader was at the bottom or sent it.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || !newest) return;
    if (stickToBottom.current || newest.sender_id === ownUserId) element.scrollTop = element.scrollHeight;
  }, [newest, ownUserId]);

  if (thread.isPending) {
    return (
      <div className="grid flex-1 place-items-center">
        <Spinner label="Loading messages" />
      </div>
    );
  }
  if (thread.isError) {
    return (
      <div className="flex-1 p-4">
        <ErrorState message={MESSAGING_TEXTS.threadLoadFailed} onRetry={() => void thread.refetch()} />
      </div>
    );
  }
  if (messages.length === 0) {
    return (
      <div className="grid flex-1 place-items-center p-4">
        <EmptyState
          className="border-none"
          icon={<MessageCircle aria-hidden="true" className="size-6" />}
          title={MESSAGING_TEXTS.threadEmpty}
          description={`Say hello to ${otherName}.`}
        />
      </div>
    );
  }

  return (
    <div ref={scrollRef} onScroll={handleScroll} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4 sm:px-5">
      {thread.hasNextPage ? (
        <div className="mb-3 flex justify-center">
          <Button variant="ghost" size="sm" loading={thread.isFetchingNextPage} onClick={handleLoadOlder}>
            {MESSAGING_TEXTS.olderMessages}
          </Button>
        </div>
      ) : null}
      <ol aria-label="Messages" className="space-y-1.5">
        {messages.map((message, index) => {
          const day = formatMessageDay(message.timestamp);
          const previous = messages[index - 1];
          const startsDay = !previous || formatMessageDay(previous.timestamp) !== day;
          return (
            <Fragment key={message.id}>
              {startsDay ? (
                <li aria-hidden="true" className="py-2 text-center text-xs font-medium text-fg-muted">
                  {day}
                </li>
              ) : null}
              <li>
                <MessageBubble message={message} own={message.sender_id === ownUserId} />
              </li>
            </Fragment>
          );
        })}
      </ol>
    </div>
  );
}
