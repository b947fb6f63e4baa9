import { BriefcaseBusiness, GraduationCap, MapPin, MessageSquare, Pencil, Phone } from 'lucide-react';
import { useNavigate } from 'react-router';
import { displayName, roleLabel, type User } from '@alumlink/contract';
import { Avatar, Badge, Button, Card } from '@/components/ui';
import { messageUserHref } from '@/config/paths';

function skillList(skills: string): string[] {
  return skills
    .split(',')
    .map((skill) => skill.trim())
    .filter(Boolean);
}

/** Company and title, location and cohort, and the "Open to referrals" badge (DESIGN 8.1). */
function CareerFacts({ user }: { user: User }) {
  const work = [user.job_title, user.company].filter(Boolean).join(' at ');
  if (!work && !user.location && user.cohort_year === null && !user.open_to_referrals) return null;
  return (
    <dl className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-fg-muted">
      {work ? (
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">Work</dt>
          <BriefcaseBusiness aria-hidden="true" className="size-4 shrink-0" />
          <dd>{work}</dd>
        </div>
      ) : null}
      {user.location ? (
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">Location</dt>
          <MapPin aria-hidden="true" className="size-4 shrink-0" />
          <dd>{user.location}</dd>
        </div>
      ) : null}
      {user.cohort_year !== null ? (
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">Cohort</dt>
          <GraduationCap aria-hidden="true" className="size-4 shrink-0" />
          <dd>Cohort {user.cohort_year}</dd>
        </div>
      ) : null}
      {user.open_to_referrals ? (
        <div>
          <dt className="sr-only">Referrals</dt>
          <dd>
            <Badge tone="success">Open to referrals</Badge>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** Header card of a profile: picture, name, handle, role, bio, skills, phone; the owner's Edit or a visitor's Message. */
export function ProfileHeader({ user, isOwn, onEdit }: { user: User; isOwn: boolean; onEdit: () => void }) {
  const navigate = useNavigate();
  const skills = skillList(user.skills);
  return (
    <Card className="overflow-hidden">
      <div aria-hidden="true" className="h-24 bg-gradient-to-r from-primary to-accent-fg sm:h-32" />
      <div className="px-5 pb-6 sm:px-8">
        <div className="-mt-12 flex flex-wrap items-end justify-between gap-4 sm:-mt-14">
          <Avatar
            src={user.image}
            personId={user.id}
            name={displayName(user)}
            alt={`Profile picture of ${displayName(user)}`}
            size="xl"
            className="ring-4 ring-surface"
          />
          {isOwn ? (
            <Button variant="secondary" onClick={onEdit} leftIcon={<Pencil aria-hidden="true" className="size-4" />}>
              Edit Profile
            </Button>
          ) : (
            <Button
              onClick={() => void navigate(messageUserHref(user.id))}
              leftIcon={<MessageSquare aria-hidden="true" className="size-4" />}
            >
              Message
            </Button>
          )}
        </div>
        <div className="mt-4 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight text-fg">{displayName(user)}</h1>
            <Badge tone="brand">{roleLabel(user.role)}</Badge>
          </div>
          {user.headline ? <p className="text-base text-fg-muted">{user.headline}</p> : null}
          {user.handle ? <p className="text-sm text-fg-muted">@{user.handle}</p> : null}
        </div>
        <CareerFacts user={user} />
        {user.bio ? <p className="mt-4 max-w-2xl text-[15px] leading-6 whitespace-pre-wrap text-fg">{user.bio}</p> : null}
        {user.phone ? (
          <p className="mt-3 inline-flex items-center gap-2 text-sm text-fg-muted">
            <Phone aria-hidden="true" className="size-4" />
            <span className="sr-only">Phone:</span>
            {user.phone}
          </p>
        ) : null}
        {skills.length > 0 ? (
          <div className="mt-4">
            <h2 className="sr-only">Skills</h2>
            <ul className="flex flex-wrap gap-2" aria-label="Skills">
              {skills.map((skill) => (
                <li key={skill}>
                  <Badge>{skill}</Badge>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </Card>
  );
}
