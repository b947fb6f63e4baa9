import { Banknote, Building2, MapPin } from 'lucide-react';
import type { Job } from '@alumlink/contract';
import { Facts } from '@/components/ui';
import { formatDate } from '@/lib/format';

/** The app's one date format (lib/format.ts). */
export const formatPostedDate = formatDate;

/** Company, location and salary of a job, as a compact line of facts. */
export function JobMeta({ job }: { job: Job }) {
  return (
    <Facts
      facts={[
        { icon: Building2, label: 'Company', value: job.company },
        { icon: MapPin, label: 'Location', value: job.location },
        job.salary ? { icon: Banknote, label: 'Salary', value: job.salary } : null,
      ]}
    />
  );
}
