import { MessageSquare, Pencil, Phone } from 'lucide-react';
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

/** Header card of a profile: picture, name, handle, role, bio, skills, phone; the owner's Edit or a visitor's Message. */
export function ProfileHeader({ user, isOwn, onEdit }: { user: User; isOwn: boolean; onEdit: () => void }) {
  const navigate = useNavigate();
  const skills = skillList(user.skills);
  return (
    <Card className="overflow-hidden">
      <div aria-hidden="true" className="h-24 bg-gradient-to-r from-primary to-accent-fg sm:h-32" />
      <div className="px-5 pb-6 sm:px-8">
        <div className="-mt-12 flex flex-wrap items-end justify-between gap-4 sm:-mt-14">
          <Avatar src={user.image} personId={user.id} name={displayName(user)} alt={`Profile picture of ${displayName(user)}`} size="xl" className="ring-4 ring-surface" />
          {isOwn ? (
            <Button variant="secondary" onClick={onEdit} leftIcon={<Pencil aria-hidden="true" className="size-4" />}>
              Edit Profile
            </Button>
          ) : (
            <Button onClick={() => void navigate(messageUserHref(user.id))} leftIcon={<MessageSquare aria-hidden="true" className="size-4" />}>
              Message
            </Button>
          )}
        </div>
        <div className="mt-4 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight text-fg">{displayName(user)}</h1>
            <Badge tone="brand">{roleLabel(user.role)}</Badge>
          </div>
          {user.handle ? <p className="text-sm text-fg-muted">@{user.handle}</p> : null}
        </div>
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
