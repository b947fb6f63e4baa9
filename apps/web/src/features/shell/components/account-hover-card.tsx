import * as HoverCard from '@radix-ui/react-hover-card';
import { LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { displayName, roleLabel, type User } from '@alumlink/contract';
import { Avatar, Badge, Button } from '@/components/ui';
import { paths } from '@/config/paths';

/** The top bar's avatar: a link to one's profile, with a hover card (username, role, Logout). */
export function AccountHoverCard({ user, onLogout }: { user: User; onLogout: () => void }) {
  return (
    <HoverCard.Root openDelay={150} closeDelay={200}>
      <HoverCard.Trigger asChild>
        <Link to={paths.user.profile} aria-label="Your profile" className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
          <Avatar src={user.image} alt="" size="sm" />
        </Link>
      </HoverCard.Trigger>
      <HoverCard.Portal>
        <HoverCard.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 rounded-2xl border border-border bg-surface-raised p-4 text-fg shadow-(--shadow-raised)"
        >
          <div className="flex items-center gap-3">
            <Avatar src={user.image} alt="" size="md" />
            <div className="min-w-0">
              <p className="truncate font-semibold">{user.username}</p>
              <p className="truncate text-xs text-fg-muted">{displayName(user)}</p>
            </div>
          </div>
          <div className="mt-3 flex items-center justify-between gap-2">
            <Badge tone="brand">{roleLabel(user.role)}</Badge>
            <Button variant="ghost" size="sm" onClick={onLogout} leftIcon={<LogOut aria-hidden="true" className="size-4" />}>
              Logout
            </Button>
          </div>
        </HoverCard.Content>
      </HoverCard.Portal>
    </HoverCard.Root>
  );
}
