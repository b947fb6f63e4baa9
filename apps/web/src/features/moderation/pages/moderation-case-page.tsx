import { Scale } from 'lucide-react';
import { useParams } from 'react-router';
import type { Appeal, ModerationCase } from '@alumlink/contract';
import { Badge, Card, ErrorState, Spinner } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { useModerationCase } from '../api/get-moderation-case';
import { formatDate } from '@/lib/format';
import { AppealForm } from '../components/appeal-form';

const STATUS_TEXT: Record<Appeal['status'], { label: string; tone: 'brand' | 'success' | 'danger' }> = {
  open: { label: 'Waiting for a moderator', tone: 'brand' },
  restored: { label: 'Accepted: your post is back', tone: 'success' },
  upheld: { label: 'Reviewed: the post stays removed', tone: 'danger' },
};

function AppealStatus({ appeal }: { appeal: Appeal }) {
  const status = STATUS_TEXT[appeal.status];
  return (
    <section aria-labelledby="appeal-heading" className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="appeal-heading" className="text-base font-semibold text-fg">
          Your appeal
        </h2>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <p className="rounded-xl bg-surface-muted px-3.5 py-2.5 text-sm break-words whitespace-pre-wrap text-fg">{appeal.text}</p>
      {appeal.reply ? (
        <div>
          <h3 className="text-sm font-semibold text-fg">Moderator&apos;s reply</h3>
          <p data-testid="appeal-reply" className="mt-1 text-sm break-words whitespace-pre-wrap text-fg-muted">
            {appeal.reply}
          </p>
        </div>
      ) : null}
    </section>
  );
}

function CaseDetails({ moderationCase }: { moderationCase: ModerationCase }) {
  const deadline = formatDate(moderationCase.appeal_deadline);
  return (
    <Card className="space-y-5 p-5 sm:p-6">
      <div className="space-y-1">
        <p className="text-sm text-fg-muted">Removed on {formatDate(moderationCase.removed_at)}</p>
        <p className="text-base font-semibold text-fg">Reason: {moderationCase.reason}</p>
      </div>
      <blockquote className="border-l-4 border-border-strong pl-3 text-sm break-words whitespace-pre-wrap text-fg-muted">
        {moderationCase.caption}
      </blockquote>
      {moderationCase.appeal ? <AppealStatus appeal={moderationCase.appeal} /> : null}
      {moderationCase.can_appeal ? (
        <section aria-labelledby="appeal-form-heading" className="space-y-3">
          <h2 id="appeal-form-heading" className="text-base font-semibold text-fg">
            Appeal this decision
          </h2>
          <p className="text-sm text-fg-muted">You can appeal until {deadline}.</p>
          <AppealForm postId={moderationCase.post_id} />
        </section>
      ) : null}
      {!moderationCase.appeal && !moderationCase.can_appeal ? (
        <p className="text-sm text-fg-muted">The time to appeal ended on {deadline}.</p>
      ) : null}
    </Card>
  );
}

/** /user/moderation/:postId: why the author's post was removed, the Appeal form (once, 30 days), the decision and reply. */
export function ModerationCasePage() {
  const postId = Number(useParams().postId);
  const valid = Number.isInteger(postId) && postId > 0;
  const moderationCase = useModerationCase(valid ? postId : 0);

  let body;
  if (!valid || (moderationCase.isError && isApiError(moderationCase.error) && moderationCase.error.status === 404)) {
    body = <ErrorState message="This moderation decision was not found." />;
  } else if (moderationCase.isPending) {
    body = (
      <div className="flex justify-center py-16 text-primary">
        <Spinner size="lg" label="Loading" />
      </div>
    );
  } else if (moderationCase.isError) {
    body = <ErrorState message="The decision could not be loaded. Please try again." onRetry={() => void moderationCase.refetch()} />;
  } else {
    body = <CaseDetails moderationCase={moderationCase.data} />;
  }

  return (
    <div className="mx-auto w-full max-w-2xl space-y-5">
      <div className="flex items-center gap-3">
        <span className="grid size-10 place-items-center rounded-full bg-primary-soft text-primary-soft-fg">
          <Scale aria-hidden="true" className="size-5" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight text-fg">Your removed post</h1>
      </div>
      {body}
    </div>
  );
}
