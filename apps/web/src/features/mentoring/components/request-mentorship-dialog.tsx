import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import {
  createMentorshipRequestSchema,
  displayName,
  MENTORING_LIMITS,
  type CreateMentorshipFields,
  type CreateMentorshipRequest,
  type Mentor,
} from '@alumlink/contract';
import { Button, Dialog, Field, Select, Textarea } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { setApiFieldErrors } from '@/lib/form-errors';
import { useRequestMentorship } from '../api/request-mentorship';

/** "Request": a dialog with the topic (one of the mentor's) and a message. */
export function RequestMentorshipDialog({ mentor }: { mentor: Mentor }) {
  const [open, setOpen] = useState(false);
  const name = displayName(mentor);

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button size="sm" aria-label={`Request mentoring from ${name}`}>
          Request
        </Button>
      }
      title={`Ask ${name} for mentoring`}
      description="Say what you would like help with; they can accept or decline."
    >
      <RequestMentorshipForm mentor={mentor} onDone={() => setOpen(false)} />
    </Dialog>
  );
}

/**
 * The request's form, mounted with the open dialog only: a page of mentor cards sets up no form
 * (react-hook-form and the zod resolver cost main-thread time per card on the page's first render).
 */
function RequestMentorshipForm({ mentor, onDone }: { mentor: Mentor; onDone: () => void }) {
  const request = useRequestMentorship();
  const name = displayName(mentor);
  const form = useForm<CreateMentorshipRequest, unknown, CreateMentorshipFields>({
    resolver: zodResolver(createMentorshipRequestSchema),
    defaultValues: { mentor_id: mentor.id, topic: mentor.topics[0] ?? '', message: '' },
  });
  const { register, formState } = form;

  const handleValidSubmit = async (values: CreateMentorshipFields) => {
    try {
      await request.mutateAsync(values);
      toast.success(`Request sent to ${name}.`);
      onDone();
    } catch (error) {
      if (isApiError(error)) {
        setApiFieldErrors(form.setError, error, ['topic', 'message']);
      }
      toast.error((isApiError(error) && error.detail) || 'Failed to send the request. Please try again.');
    }
  };

  return (
    <form
      noValidate
      aria-label="Mentoring request"
      onSubmit={(event) => void form.handleSubmit(handleValidSubmit)(event)}
      className="space-y-4"
    >
      <Field label="Topic" error={formState.errors.topic?.message ?? null}>
        <Select {...register('topic')}>
          {mentor.topics.map((topic) => (
            <option key={topic} value={topic}>
              {topic}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Message" error={formState.errors.message?.message ?? null}>
        <Textarea
          rows={4}
          maxLength={MENTORING_LIMITS.messageMax}
          placeholder="What you are working on and how they could help"
          {...register('message')}
        />
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={formState.isSubmitting}>
          Send request
        </Button>
      </div>
    </form>
  );
}
