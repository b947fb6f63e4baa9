import { Check } from 'lucide-react';
import type { ReportedPost } from '@alumlink/contract';
import { Badge, Button, Card } from '@/components/ui';
import { formatRelativeTime } from '@/lib/format-relative-time';
import { DeletePostReasonDialog } from '../../manage-posts/components/delete-post-reason-dialog';
import { ModeratedPostPreview } from './moderated-post-preview';

/** One reported post: how many reports, their reasons and notes (never who), a preview, and for open ones Dismiss or Delete. */
export function ReportedPostCard({
  item,
  actionable,
  dismissing,
  onDismiss,
  onDeleted,
}: {
  item: ReportedPost;
  actionable: boolean;
  dismissing: boolean;
  onDismiss: (postId: number) => void;
  onDeleted: (notifiedName: string) => void;
}) {
  const reports = `${item.count} ${item.count === 1 ? 'report' : 'reports'}`;
  return (
    <Card role="article" aria-label={`Post ${item.post.id}, ${reports}`} className="space-y-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold text-fg">
          {reports}
          <span className="ml-2 font-normal text-fg-subtle">latest {formatRelativeTime(item.latest_report_at)}</span>
        </p>
        <ul aria-label="Reasons" className="flex flex-wrap gap-1.5">
          {item.reasons.map((reason) => (
            <li key={reason.reason}>
              <Badge tone="danger">
                {reason.reason} · {reason.count}
              </Badge>
            </li>
          ))}
        </ul>
      </div>
      <ModeratedPostPreview post={item.post} />
      {item.notes.length > 0 ? (
        <ul aria-label="Notes from reporters" className="space-y-1.5">
          {item.notes.map((note, index) => (
            <li key={index} className="rounded-lg bg-surface-muted px-3 py-2 text-sm break-words text-fg-muted">
              “{note}”
            </li>
          ))}
        </ul>
      ) : null}
      {actionable ? (
        <div className="flex flex-wrap justify-end gap-2 border-t border-border pt-3">
          <Button
            variant="secondary"
            size="sm"
            loading={dismissing}
            onClick={() => onDismiss(item.post.id)}
            leftIcon={<Check aria-hidden="true" className="size-4" />}
          >
            Dismiss
          </Button>
          <DeletePostReasonDialog postId={item.post.id} onDeleted={onDeleted} />
        </div>
      ) : null}
    </Card>
  );
}
