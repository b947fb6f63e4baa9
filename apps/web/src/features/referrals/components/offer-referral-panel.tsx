import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui';
import { ReferralForm } from './referral-form';

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
  return <ReferralForm onDone={() => setOpen(false)} />;
}
