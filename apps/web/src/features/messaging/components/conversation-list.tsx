import { MessagesSquare } from 'lucide-react';
import { Button, EmptyState, ErrorState, Skeleton } from '@/components/ui';
import { useConversations } from '../api/get-conversations';
import { MESSAGING_TEXTS } from '../messages';
import { ConversationListItem } from './conversation-list-item';

export interface ConversationListProps {
  selectedId: number | null;
  ownUserId: number | null;
  onSelect: (conversationId: number) => void;
}

function ConversationListSkeleton() {
  return (
    <div role="status" aria-label="Loading conversations" className="space-y-1 p-2">
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="flex items-center gap-3 px-3 py-2.5">
          <Skeleton className="size-11 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3.5 w-2/5" />
            <Skeleton className="h-3 w-4/5" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** The left pane: the person's conversations with their three states. */
export function ConversationList({ selectedId, ownUserId, onSelect }: ConversationListProps) {
  const conversations = useConversations();

  if (conversations.isPending) return <ConversationListSkeleton />;
  if (conversations.isError) {
    return <ErrorState className="m-3" message={MESSAGING_TEXTS.loadFailed} onRetry={() => void conversations.refetch()} />;
  }
  const items = conversations.data.pages.flatMap((page) => page.results);
  if (items.length === 0) {
    return (
      <EmptyState
        className="m-3 border-none"
        icon={<MessagesSquare aria-hidden="true" className="size-6" />}
        title={MESSAGING_TEXTS.noConversations}
        description="Open someone's profile and choose Message."
      />
    );
  }
  return (
    <div className="p-2">
      <ul aria-label="Conversations" className="space-y-0.5">
        {items.map((conversation) => (
          <ConversationListItem
            key={conversation.id}
            conversation={conversation}
            ownUserId={ownUserId}
            selected={conversation.id === selectedId}
            onSelect={onSelect}
          />
        ))}
      </ul>
      {conversations.hasNextPage ? (
        <Button
          variant="ghost"
          size="sm"
          className="mt-2 w-full"
          loading={conversations.isFetchingNextPage}
          onClick={() => void conversations.fetchNextPage()}
        >
          Load more
        </Button>
      ) : null}
    </div>
  );
}
