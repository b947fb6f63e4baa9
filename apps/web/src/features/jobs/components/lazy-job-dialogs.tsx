import { lazy, Suspense, useState } from 'react';
import type { JobDetailDialogProps } from './job-detail-dialog';
import type { JobFormDialogProps } from './job-form-dialog';

// The dialogs' code (the form and its rules, the popup, the ask-for-a-referral dialog) loads the
// first time one opens, not with the page: the board paints sooner.
const JobDetailDialogCode = lazy(() => import('./job-detail-dialog').then((m) => ({ default: m.JobDetailDialog })));
const JobFormDialogCode = lazy(() => import('./job-form-dialog').then((m) => ({ default: m.JobFormDialog })));

/** True from the first time `open` is true: the dialog then stays mounted (Radix returns focus on close). */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** A job's details (JobDetailDialog), loaded on first use. */
export function LazyJobDetailDialog(props: JobDetailDialogProps) {
  if (!useOpenedOnce(props.job !== null)) return null;
  return (
    <Suspense fallback={null}>
      <JobDetailDialogCode {...props} />
    </Suspense>
  );
}

/** The job form (JobFormDialog), loaded on first use. */
export function LazyJobFormDialog(props: JobFormDialogProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <JobFormDialogCode {...props} />
    </Suspense>
  );
}
