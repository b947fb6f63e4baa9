import { Send } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { LIMITS } from '@alumlink/contract';
import { Button, Dialog, FormMessage, Textarea } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { useMessageUser } from '../api/message-alumnus';

export const MESSAGE_BOX_MESSAGES = {
  sent: (name: string) => `Message sent to ${name}.`,
  failed: 'Failed to send message. Please try again.',
} as const;

/** A small chat box that really sends a direct message; focus starts in the text box and returns to Message. */
export function MessageBox({
  userId,
  name,
  open,
  onOpenChange,
  trigger,
}: {
  userId: number;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
}) {
  const [text, setText] = useState('');
  const send = useMessageUser(userId);
  const textId = useId();

  const handleOpenChange = (next: boolean) => {
    if (next) {
      setText('');
      send.reset();
    }
    onOpenChange(next);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const content = text.trim();
    if (!content || send.isPending) return;
    send.mutate(content, { onSuccess: () => setText('') });
  };

  const failure = send.isError
    ? (isApiError(send.error) && send.error.status < 500 && send.error.serverMessage) || MESSAGE_BOX_MESSAGES.failed
    : null;

  return (
    <Dialog open={open} onOpenChange={handleOpenChange} trigger={trigger} title={`Message ${name}`} className="max-w-sm!">
      <form onSubmit={handleSubmit} className="space-y-3">
        <label htmlFor={textId} className="sr-only">
          Your message
        </label>
        <Textarea
          id={textId}
          autoFocus
          rows={4}
          placeholder="Write a message..."
          value={text}
          maxLength={LIMITS.messageMax}
          onChange={(event) => setText(event.target.value)}
        />
        <div aria-live="polite">
          {send.isSuccess ? <FormMessage tone="success">{MESSAGE_BOX_MESSAGES.sent(name)}</FormMessage> : null}
          {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
        </div>
        <div className="flex justify-end">
          <Button
            type="submit"
            size="sm"
            disabled={!text.trim()}
            loading={send.isPending}
            leftIcon={<Send aria-hidden="true" className="size-4" />}
          >
            Send
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
