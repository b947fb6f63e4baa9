import { MessageSquare } from 'lucide-react';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState, ErrorState, Spinner } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useStoredUser } from '@/lib/use-session';
import { useConversations } from '../api/get-conversations';
import { ConversationList } from '../components/conversation-list';
import { MessageThread } from '../components/message-thread';
import { MESSAGING_TEXTS } from '../messages';
import { useOpenConversationWith } from '../use-open-conversation-with';

/** URL parameters: `conversation` (the open thread), `user_id` (open the chat with someone), `text` (prefill). */
const PARAMS = { conversation: 'conversation', userId: 'user_id', text: 'text' } as const;

function positiveId(value: string | null): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function startErrorMessage(error: unknown): string {
  if (isApiError(error)) return error.firstFieldError() ?? error.detail ?? MESSAGING_TEXTS.startFailed;
  return MESSAGING_TEXTS.startFailed;
}

/** /user/messages: the conversation list on the left, the open thread on the right (one at a time on phones). */
export function MessagesPage() {
  const ownUserId = useStoredUser()?.id ?? null;
  const [params, setParams] = useSearchParams();
  const selectedId = positiveId(params.get(PARAMS.conversation));
  const targetUserId = positiveId(params.get(PARAMS.userId));
  const prefill = params.get(PARAMS.text) ?? '';
  const conversations = useConversations();
  const selected = conversations.data?.pages.flatMap((page) => page.results).find((item) => item.id === selectedId) ?? null;

  const handleOpened = useCallback(
    (conversationId: number) => {
      const next = new URLSearchParams({ [PARAMS.conversation]: String(conversationId) });
      if (prefill) next.set(PARAMS.text, prefill);
      setParams(next, { replace: true });
    },
    [prefill, setParams],
  );
  const starting = useOpenConversationWith(targetUserId, handleOpened);

  const handleSelect = (conversationId: number) => setParams({ [PARAMS.conversation]: String(conversationId) });
  const handleBack = () => setParams({});
  // The prefill is used once: after the first message it leaves the URL.
  const handleSent = () => {
    if (params.has(PARAMS.text)) setParams({ [PARAMS.conversation]: String(selectedId) }, { replace: true });
  };

  const showThread = selectedId !== null || targetUserId !== null;

  function renderThreadPane() {
    if (selectedId !== null) {
      return (
        <MessageThread
          key={selectedId}
          conversationId={selectedId}
          otherUser={selected?.other_user ?? null}
          ownUserId={ownUserId}
          initialText={prefill}
          onBack={handleBack}
          onSent={handleSent}
        />
      );
    }
    if (targetUserId !== null && starting.isError) {
      return (
        <div className="p-4">
          <ErrorState message={startErrorMessage(starting.error)} />
        </div>
      );
    }
    if (targetUserId !== null) {
      return (
        <div className="grid h-full place-items-center">
          <Spinner label="Opening conversation" />
        </div>
      );
    }
    return (
      <div className="grid h-full place-items-center p-6">
        <EmptyState
          className="border-none"
          icon={<MessageSquare aria-hidden="true" className="size-6" />}
          title={MESSAGING_TEXTS.emptyTitle}
          description={MESSAGING_TEXTS.emptyDescription}
        />
      </div>
    );
  }

  return (
    <div className="flex h-[calc(100dvh-11rem)] min-h-[26rem] overflow-hidden rounded-(--radius-card) border border-border bg-surface shadow-xs md:h-[calc(100dvh-8rem)]">
      <section
        aria-label="Conversation list"
        className={cn('min-h-0 w-full shrink-0 flex-col border-border md:flex md:w-80 md:border-r lg:w-96', showThread ? 'hidden' : 'flex')}
      >
        <h1 className="flex h-16 shrink-0 items-center border-b border-border px-4 text-lg font-bold tracking-tight text-fg">Messages</h1>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <ConversationList selectedId={selectedId} ownUserId={ownUserId} onSelect={handleSelect} />
        </div>
      </section>
      <section aria-label="Conversation" className={cn('min-h-0 min-w-0 flex-1 md:block', showThread ? 'block' : 'hidden')}>
        {renderThreadPane()}
      </section>
    </div>
  );
}
