import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type KeyboardEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { X } from 'lucide-react';
import {
  MENTORING_LIMITS,
  updateMentorProfileRequestSchema,
  type MentorProfile,
  type UpdateMentorProfileFields,
  type UpdateMentorProfileRequest,
} from '@alumlink/contract';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Checkbox,
  ErrorState,
  Field,
  Input,
  Skeleton,
  Textarea,
} from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { setApiFieldErrors } from '@/lib/form-errors';
import { useMentorProfile } from '../api/get-mentor-profile';
import { useUpdateMentorProfile } from '../api/update-mentor-profile';

/** Topic chips: type a topic and press Enter (or Add); each chip has a remove button. */
function TopicChips({ value, onChange, error }: { value: string[]; onChange: (topics: string[]) => void; error: string | null }) {
  const [draft, setDraft] = useState('');
  const add = () => {
    const topic = draft.trim().replace(/\s+/g, ' ');
    if (!topic || value.some((existing) => existing.toLowerCase() === topic.toLowerCase())) return setDraft('');
    onChange([...value, topic]);
    setDraft('');
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };
  const full = value.length >= MENTORING_LIMITS.topicsMax;
  return (
    <div className="space-y-2">
      <div className="flex items-start gap-2">
        <Field label="Topics" hint={`Up to ${MENTORING_LIMITS.topicsMax}; press Enter to add.`} error={error} className="flex-1">
          <Input
            value={draft}
            disabled={full}
            maxLength={MENTORING_LIMITS.topicMax}
            placeholder="e.g. System design"
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={handleKeyDown}
          />
        </Field>
        <Button variant="secondary" className="mt-7" onClick={add} disabled={full || !draft.trim()}>
          Add
        </Button>
      </div>
      {value.length > 0 ? (
        <ul aria-label="Your topics" className="flex flex-wrap gap-1.5">
          {value.map((topic) => (
            <li key={topic}>
              <Badge tone="brand" className="py-1 pr-1">
                {topic}
                <button
                  type="button"
                  aria-label={`Remove ${topic}`}
                  className="rounded-full p-0.5 hover:bg-primary/15 focus-visible:outline-2 focus-visible:outline-ring"
                  onClick={() => onChange(value.filter((existing) => existing !== topic))}
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function MentorProfileFormFields({ initial }: { initial: MentorProfile }) {
  const update = useUpdateMentorProfile();
  const form = useForm<UpdateMentorProfileRequest, unknown, UpdateMentorProfileFields>({
    resolver: zodResolver(updateMentorProfileRequestSchema),
    defaultValues: {
      is_mentor: initial.is_mentor,
      topics: initial.topics,
      capacity: initial.capacity,
      about: initial.about,
      accepting: initial.accepting,
    },
  });
  const { register, formState, control } = form;

  const handleValidSubmit = async (values: UpdateMentorProfileFields) => {
    try {
      const saved = await update.mutateAsync(values);
      toast.success(saved.is_mentor ? 'Your mentor profile is saved.' : 'You are no longer listed as a mentor.');
    } catch (error) {
      if (isApiError(error)) {
        setApiFieldErrors(form.setError, error, ['topics', 'capacity', 'about']);
      }
      toast.error((isApiError(error) && error.detail) || 'Failed to save your mentor profile.');
    }
  };

  return (
    <form
      noValidate
      aria-label="Mentor profile"
      onSubmit={(event) => void form.handleSubmit(handleValidSubmit)(event)}
      className="space-y-4"
    >
      <label className="flex items-center gap-3 text-sm font-medium text-fg">
        <Checkbox {...register('is_mentor')} />I want to mentor
      </label>
      <Controller
        control={control}
        name="topics"
        render={({ field }) => (
          <TopicChips
            value={field.value ?? []}
            onChange={field.onChange}
            error={formState.errors.topics?.message ?? formState.errors.topics?.root?.message ?? null}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Mentees at once" hint="1 to 10" error={formState.errors.capacity?.message ?? null}>
          <Input
            type="number"
            inputMode="numeric"
            min={MENTORING_LIMITS.capacityMin}
            max={MENTORING_LIMITS.capacityMax}
            {...register('capacity')}
          />
        </Field>
        <label className="flex items-center gap-3 self-end pb-3 text-sm font-medium text-fg">
          <Checkbox {...register('accepting')} />
          Taking new requests
        </label>
      </div>
      <Field label="How I can help" labelSuffix="(optional)" error={formState.errors.about?.message ?? null}>
        <Textarea
          rows={3}
          maxLength={MENTORING_LIMITS.aboutMax}
          placeholder="What you know well and how you like to help"
          {...register('about')}
        />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" loading={formState.isSubmitting}>
          Save
        </Button>
      </div>
    </form>
  );
}

/** "Become a mentor": the caller's mentor card (alumni and admins). */
export function MentorProfileCard() {
  const profile = useMentorProfile();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Become a mentor</CardTitle>
        <p className="text-sm text-fg-muted">Share what you know with trainees and interns. Your profile shows a Mentor badge.</p>
      </CardHeader>
      <CardContent>
        {profile.isPending ? (
          <div role="status" aria-label="Loading your mentor profile">
            <Skeleton className="h-40" />
          </div>
        ) : profile.isError ? (
          <ErrorState message="Failed to load your mentor profile." onRetry={() => void profile.refetch()} />
        ) : (
          <MentorProfileFormFields initial={profile.data} />
        )}
      </CardContent>
    </Card>
  );
}
