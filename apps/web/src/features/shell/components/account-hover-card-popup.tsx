import * as HoverCard from '@radix-ui/react-hover-card';
import { LogOut } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { displayName, roleLabel, type User } from '@alumlink/contract';
import { Avatar, Badge, Button } from '@/components/ui';
import { ProfileAvatarLink } from './profile-avatar-link';

/**
 * The avatar's hover card, loaded when the avatar is first pointed at or focused: opens at once
 * when the pointer or focus is still there, and gives focus back to the link that replaced the first one.
 */
export function AccountHoverCardPopup({
  user,
  onLogout,
  defaultOpen,
  focus,
}: {
  user: User;
  onLogout: () => void;
  defaultOpen: boolean;
  focus: boolean;
}) {
  const link = useRef<HTMLAnchorElement>(null);
  const [focusOnMount] = useState(focus);
  useEffect(() => {
    if (focusOnMount) link.current?.focus();
  }, [focusOnMount]);
  return (
    <HoverCard.Root openDelay={150} closeDelay={200} defaultOpen={defaultOpen}>
      <HoverCard.Trigger asChild>
        <ProfileAvatarLink user={user} ref={link} />
      </HoverCard.Trigger>
      <HoverCard.Portal>
        <HoverCard.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 rounded-2xl border border-border bg-surface-raised p-4 text-fg shadow-(--shadow-raised)"
        >
          <div className="flex items-center gap-3">
            <Avatar src={user.image} personId={user.id} name={displayName(user)} alt="" size="md" />
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
