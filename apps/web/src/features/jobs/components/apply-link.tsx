import { ExternalLink, Mail } from 'lucide-react';
import type { Job } from '@alumlink/contract';
import { buttonClasses, type ButtonSize } from '@/components/ui';

/** Apply: opens the job's https link in a new tab, or the mail app for a mailto: address. */
export function ApplyLink({ job, size = 'sm', className }: { job: Job; size?: ButtonSize; className?: string }) {
  const byMail = job.apply_url.startsWith('mailto:');
  return (
    <a
      href={job.apply_url}
      {...(byMail ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
      className={buttonClasses('primary', size, className)}
      aria-label={`Apply: ${job.title} at ${job.company}`}
    >
      {byMail ? <Mail aria-hidden="true" className="size-4" /> : <ExternalLink aria-hidden="true" className="size-4" />}
      Apply
    </a>
  );
}
