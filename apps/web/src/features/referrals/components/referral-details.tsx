import { Banknote, MapPin } from 'lucide-react';
import type { Referral } from '@alumlink/contract';
import { Facts } from '@/components/ui';

const ctcFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

export function formatCtc(ctc: number): string {
  return `${ctcFormat.format(ctc)} LPA`;
}

/** The job of a referral: CTC, location and requirements. */
export function ReferralDetails({ referral }: { referral: Referral }) {
  return (
    <div className="space-y-2">
      <Facts
        facts={[
          { icon: Banknote, label: 'CTC', value: formatCtc(referral.ctc) },
          { icon: MapPin, label: 'Location', value: referral.location },
        ]}
      />
      <p className="text-sm leading-6 break-words whitespace-pre-wrap text-fg">{referral.requirements}</p>
    </div>
  );
}
