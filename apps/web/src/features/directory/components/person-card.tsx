import { BriefcaseBusiness, GraduationCap, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { roleLabel, type DirectoryPerson } from '@alumlink/contract';
import { Avatar, Badge } from '@/components/ui';
import { profileHref } from '@/config/paths';

const MAX_SKILLS_SHOWN = 4;

function fullName(person: DirectoryPerson): string {
  return `${person.first_name} ${person.last_name}`.trim() || person.username;
}

/** One person of the directory: photo, name, headline and career fields; opens their profile. */
export function PersonCard({ person }: { person: DirectoryPerson }) {
  const name = fullName(person);
  const work = [person.job_title, person.company].filter(Boolean).join(' at ');
  const extraSkills = person.skills.length - MAX_SKILLS_SHOWN;
  return (
    <li className="relative flex gap-3 rounded-(--radius-card) border border-border bg-surface p-4 shadow-xs transition-colors focus-within:ring-2 focus-within:ring-ring hover:border-border-strong">
      <Avatar src={person.image} personId={person.id} name={name} alt="" size="md" />
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h3 className="text-base font-semibold text-fg">
            {/* The whole card is the link's target area (after: inset-0). */}
            <Link to={profileHref(person.id)} className="after:absolute after:inset-0 after:content-[''] focus:outline-none">
              {name}
            </Link>
          </h3>
          <Badge>{roleLabel(person.role)}</Badge>
          {person.open_to_referrals ? <Badge tone="success">Open to referrals</Badge> : null}
        </div>
        {person.headline ? <p className="text-sm text-fg-muted">{person.headline}</p> : null}
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted">
          {work ? (
            <div className="flex min-w-0 items-center gap-1">
              <dt className="sr-only">Work</dt>
              <BriefcaseBusiness aria-hidden="true" className="size-3.5 shrink-0" />
              <dd className="truncate">{work}</dd>
            </div>
          ) : null}
          {person.location ? (
            <div className="flex items-center gap-1">
              <dt className="sr-only">Location</dt>
              <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
              <dd>{person.location}</dd>
            </div>
          ) : null}
          {person.cohort_year !== null ? (
            <div className="flex items-center gap-1">
              <dt className="sr-only">Cohort</dt>
              <GraduationCap aria-hidden="true" className="size-3.5 shrink-0" />
              <dd>Cohort {person.cohort_year}</dd>
            </div>
          ) : null}
        </dl>
        {person.skills.length > 0 ? (
          <ul aria-label="Skills" className="flex flex-wrap gap-1.5">
            {person.skills.slice(0, MAX_SKILLS_SHOWN).map((skill) => (
              <li key={skill}>
                <Badge tone="brand">{skill}</Badge>
              </li>
            ))}
            {extraSkills > 0 ? (
              <li>
                <Badge>+{extraSkills}</Badge>
              </li>
            ) : null}
          </ul>
        ) : null}
      </div>
    </li>
  );
}
