import { MessageSquare, Send } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { displayName, type CompanyAlumnus, type Job } from '@alumlink/contract';
import { Avatar, Button, ErrorState, SkeletonList } from '@/components/ui';
import { messageUserHref } from '@/config/paths';
// The dialog alone, not the referrals index (which would pull the whole referrals page into this chunk).
import { AskReferralDialog } from '@/features/referrals';
import { useJobDetail } from '../api/get-job';

/** The message prefilled when someone without an open offer at the company is asked for a referral. */
export function referralMessageText(person: CompanyAlumnus, job: Job): string {
  return `Hi ${person.first_name || displayName(person)}, I saw the ${job.title} opening at ${job.company} and would love to be referred. Could we talk?`;
}

function AlumnusRow({ person, job }: { person: CompanyAlumnus; job: Job }) {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const name = displayName(person);
  const subtitle = person.headline || person.job_title;
  return (
    <li className="flex flex-wrap items-center gap-3 py-2.5">
      <Avatar src={person.image} personId={person.id} name={name} alt="" size="sm" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-fg">{name}</p>
        {subtitle ? <p className="truncate text-xs text-fg-muted">{subtitle}</p> : null}
      </div>
      {person.open_referral_id !== null ? (
        <>
          <Button
            size="sm"
            variant="secondary"
            leftIcon={<Send aria-hidden="true" className="size-4" />}
            onClick={() => setAsking(true)}
            aria-label={`Ask ${name} for a referral`}
          >
            Ask for a referral
          </Button>
          {asking ? (
            <AskReferralDialog
              open
              onOpenChange={setAsking}
              offer={{ id: person.open_referral_id, title: `Referral at ${job.company}`, alumniName: name }}
              defaultMessage={`I am interested in the ${job.title} opening at ${job.company}.`}
            />
          ) : null}
        </>
      ) : (
        <Button
          size="sm"
          variant="ghost"
          leftIcon={<MessageSquare aria-hidden="true" className="size-4" />}
          aria-label={`Message ${name} about a referral`}
          onClick={() => void navigate(messageUserHref(person.id, referralMessageText(person, job)))}
        >
          Message {person.first_name || name}
        </Button>
      )}
    </li>
  );
}

/**
 * "Alumni at <company>": people open to referrals there. "Ask for a referral" opens a request on
 * their open offer at that company (tracked on their board); without one the button says what it
 * does, "Message <name>" (prefilled), since a request needs an offer to hang on.
 */
export function CompanyAlumni({ job }: { job: Job }) {
  const detail = useJobDetail(job.id);
  const headingId = `company-alumni-${job.id}`;
  return (
    <section aria-labelledby={headingId} className="space-y-2 rounded-(--radius-card) border border-border p-4">
      <h3 id={headingId} className="text-sm font-semibold text-fg">
        Alumni at {job.company}
        {detail.data && detail.data.alumni_at_company.count > 0 ? (
          <span className="ml-1 font-normal text-fg-muted">({detail.data.alumni_at_company.count})</span>
        ) : null}
      </h3>
      {detail.isPending ? (
        <SkeletonList label="Loading alumni at this company" count={2} className="space-y-2" itemClassName="h-10" />
      ) : detail.isError ? (
        <ErrorState message="Failed to load alumni at this company." onRetry={() => void detail.refetch()} />
      ) : detail.data.alumni_at_company.count === 0 ? (
        <p className="text-sm text-fg-muted">No alumni open to referrals work here yet.</p>
      ) : (
        <ul aria-label={`Alumni at ${job.company}`} className="divide-y divide-border">
          {detail.data.alumni_at_company.people.map((person) => (
            <AlumnusRow key={person.id} person={person} job={job} />
          ))}
        </ul>
      )}
    </section>
  );
}
