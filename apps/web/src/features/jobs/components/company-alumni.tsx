import { useQueryClient } from '@tanstack/react-query';
import { MessageSquare, Send } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ACTIVE_REFERRAL_REQUEST_STATUSES, displayName, type CompanyAlumnus, type Job } from '@alumlink/contract';
import { Avatar, Button, ErrorState, SkeletonList } from '@/components/ui';
import { messageUserHref, paths } from '@/config/paths';
// The dialog alone, not the referrals index (which would pull the whole referrals page into this chunk).
import { AskReferralDialog, RequestStatusBadge } from '@/features/referrals';
import { useJobDetail } from '../api/get-job';
import { jobKeys } from '../api/keys';

const isActive = (status: string) => (ACTIVE_REFERRAL_REQUEST_STATUSES as readonly string[]).includes(status);

/** The message prefilled when someone without an open offer at the company is asked for a referral. */
export function referralMessageText(person: CompanyAlumnus, job: Job): string {
  return `Hi ${person.first_name || displayName(person)}, I saw the ${job.title} opening at ${job.company} and would love to be referred. Could we talk?`;
}

function AlumnusRow({ person, job }: { person: CompanyAlumnus; job: Job }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const name = displayName(person);
  const subtitle = person.headline || person.job_title;
  const mine = person.my_request;
  const asked = mine && isActive(mine.status) ? mine : null;
  const again = mine && !isActive(mine.status) ? mine : null;
  const handleOpenChange = (open: boolean) => {
    setAsking(open);
    // Asked (or not): the row reads the viewer's request from the job's detail.
    if (!open) void queryClient.invalidateQueries({ queryKey: jobKeys.detail(job.id) });
  };
  return (
    <li className="flex flex-wrap items-center gap-3 py-2.5">
      <Avatar src={person.image} personId={person.id} name={name} alt="" size="sm" />
      {/* At least 10 rem for the name: what follows wraps onto its own line rather than squeezing it. */}
      <div className="min-w-0 flex-1 basis-40">
        <p className="truncate text-sm font-semibold text-fg">{name}</p>
        {subtitle ? <p className="truncate text-xs text-fg-muted">{subtitle}</p> : null}
      </div>
      {person.open_referral_id !== null && asked ? (
        // Already asked on this offer: their request's state, not a button that would answer 409.
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p className="flex items-center gap-2 text-sm font-medium text-fg">
            <span>Asked</span> <RequestStatusBadge status={asked.status} />
          </p>
          <Link to={paths.user.referrals} className="text-sm font-medium text-accent-fg hover:underline">
            Follow your request
          </Link>
        </div>
      ) : person.open_referral_id !== null ? (
        <>
          {again ? (
            <span className="flex items-center gap-1.5 text-xs text-fg-muted">
              Last request: <RequestStatusBadge status={again.status} />
            </span>
          ) : null}
          <Button
            size="sm"
            variant="secondary"
            leftIcon={<Send aria-hidden="true" className="size-4" />}
            onClick={() => setAsking(true)}
            aria-label={again ? `Ask ${name} again for a referral` : `Ask ${name} for a referral`}
          >
            {again ? 'Ask again' : 'Ask for a referral'}
          </Button>
          {asking ? (
            <AskReferralDialog
              open
              onOpenChange={handleOpenChange}
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
