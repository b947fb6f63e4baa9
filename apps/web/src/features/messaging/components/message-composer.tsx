import { SendHorizontal } from 'lucide-react';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { LIMITS } from '@alumlink/contract';
import { Textarea } from '@/components/ui';
import { useSendMessage } from '../api/send-message';
import { MESSAGING_TEXTS } from '../messages';

export interface MessageComposerProps {
  conversationId: number;
  /** Prefilled text (the referral page's `&text=`). */
  initialText?: string;
  onSent?: () => void;
}

/** The message box: Enter sends, Shift+Enter starts a new line, blank text is ignored. */
export function MessageComposer({ conversationId, initialText = '', onSent }: MessageComposerProps) {
  const [text, setText] = useState(initialText);
  const sendMessage = useSendMessage();

  function handleSubmit(event?: FormEvent) {
    event?.preventDefault();
    const content = text.trim();
    if (!content) return;
    setText('');
    sendMessage.mutate(
      { conversationId, content },
      {
        onSuccess: () => onSent?.(),
        onError: (error) => {
          // The specification: send failures are only logged. The text comes back so nothing is lost.
          console.warn('Failed to send message', error);
          setText((current) => current || text);
        },
      },
    );
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      handleSubmit();
    }
  }

  return (
    <form onSubmit={handleSubmit} className="flex shrink-0 items-end gap-2 border-t border-border p-3">
      <Textarea
        aria-label="Message"
        placeholder={MESSAGING_TEXTS.composerPlaceholder}
        rows={1}
        maxLength={LIMITS.messageMax}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={handleKeyDown}
        className="max-h-32 min-h-11! resize-none py-2.5 leading-6"
      />
      <button
        type="submit"
        aria-label="Send"
        disabled={!text.trim()}
        className="grid size-11 shrink-0 place-items-center rounded-xl bg-primary text-primary-fg shadow-sm transition-colors hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50"
      >
        <SendHorizontal aria-hidden="true" className="size-5" />
      </button>
    </form>
  );
}
