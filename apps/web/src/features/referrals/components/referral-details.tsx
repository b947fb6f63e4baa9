import { Banknote, MapPin } from 'lucide-react';
import type { Referral } from '@alumlink/contract';

const ctcFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

export function formatCtc(ctc: number): string {
  return `${ctcFormat.format(ctc)} LPA`;
}

/** The job of a referral: CTC, location and requirements. */
export function ReferralDetails({ referral }: { referral: Referral }) {
  return (
    <div className="space-y-2">
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-fg-muted">
        <div className="flex items-center gap-1.5">
          <dt>
            <Banknote aria-hidden="true" className="size-4" />
            <span className="sr-only">CTC</span>
          </dt>
          <dd>{formatCtc(referral.ctc)}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt>
            <MapPin aria-hidden="true" className="size-4" />
            <span className="sr-only">Location</span>
          </dt>
          <dd>{referral.location}</dd>
        </div>
      </dl>
      <p className="text-sm leading-6 break-words whitespace-pre-wrap text-fg">{referral.requirements}</p>
    </div>
  );
}
