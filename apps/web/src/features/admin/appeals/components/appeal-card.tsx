import { Gavel } from 'lucide-react';
import type { AdminAppeal, AppealDecision } from '@alumlink/contract';
import { Badge, Button, Card } from '@/components/ui';
import { formatRelativeTime } from '@/lib/format-relative-time';
import { useLazyDialog } from '@/lib/use-lazy-dialog';
import { ModeratedPostPreview } from '../../reports/components/moderated-post-preview';
import { DecideAppealDialog } from './decide-appeal-dialog';

const STATUS: Record<AdminAppeal['status'], { label: string; tone: 'brand' | 'success' | 'danger' }> = {
  open: { label: 'Open', tone: 'brand' },
  restored: { label: 'Restored', tone: 'success' },
  upheld: { label: 'Upheld', tone: 'danger' },
};

/** One appeal: the removed post and its reason, the author's text, and Decide (open) or the reply (decided). */
export function AppealCard({ appeal, onDecided }: { appeal: AdminAppeal; onDecided: (decision: AppealDecision) => void }) {
  const dialog = useLazyDialog();
  const status = STATUS[appeal.status];
  return (
    <Card role="article" aria-label={`Appeal ${appeal.id}`} className="space-y-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-fg-muted">
          Removed for <span className="font-semibold text-fg">{appeal.reason}</span> · appealed {formatRelativeTime(appeal.created_at)}
        </p>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <ModeratedPostPreview post={appeal.post} />
      <div>
        <h3 className="text-sm font-semibold text-fg">The author&apos;s appeal</h3>
        <p className="mt-1 rounded-lg bg-surface-muted px-3 py-2 text-sm break-words whitespace-pre-wrap text-fg">{appeal.text}</p>
      </div>
      {appeal.reply ? (
        <div>
          <h3 className="text-sm font-semibold text-fg">Reply</h3>
          <p className="mt-1 text-sm break-words whitespace-pre-wrap text-fg-muted">{appeal.reply}</p>
        </div>
      ) : null}
      {appeal.status === 'open' ? (
        <div className="flex justify-end border-t border-border pt-3">
          <Button size="sm" onClick={dialog.show} leftIcon={<Gavel aria-hidden="true" className="size-4" />}>
            Decide
          </Button>
          {dialog.mounted ? (
            <DecideAppealDialog appealId={appeal.id} open={dialog.open} onOpenChange={dialog.setOpen} onDecided={onDecided} />
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
