import type { Message } from '@alumlink/contract';
import { cn } from '@/lib/cn';
import { formatMessageTime } from '../format-message-time';

/** One message: own messages on the right in the brand colour, the other person's on the left. */
export function MessageBubble({ message, own }: { message: Message; own: boolean }) {
  return (
    <div className={cn('flex', own ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm shadow-xs sm:max-w-[70%]',
          own ? 'rounded-br-md bg-primary text-primary-fg' : 'rounded-bl-md bg-surface-muted text-fg',
        )}
      >
        <p className="break-words whitespace-pre-wrap">{message.content}</p>
        <time
          dateTime={message.timestamp}
          className={cn('mt-0.5 block text-right text-[11px]', own ? 'text-primary-fg/75' : 'text-fg-muted')}
        >
          {formatMessageTime(message.timestamp)}
        </time>
      </div>
    </div>
  );
}
