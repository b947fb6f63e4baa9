import { Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button, Spinner } from '@/components/ui';

// The form and its rules load when it is opened, not with the page.
const ReferralForm = lazy(() => import('./referral-form').then((m) => ({ default: m.ReferralForm })));

/** "Offer a referral": a button that opens the form (the board stays the first thing alumni see). */
export function OfferReferralPanel() {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <div className="flex justify-end">
        <Button leftIcon={<Plus aria-hidden="true" className="size-4" />} aria-expanded={false} onClick={() => setOpen(true)}>
          Offer a referral
        </Button>
      </div>
    );
  }
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-8 text-primary">
          <Spinner label="Loading the form" />
        </div>
      }
    >
      <ReferralForm onDone={() => setOpen(false)} />
    </Suspense>
  );
}
