import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { displayName, roleLabel } from '@alumlink/contract';
import { Avatar, Badge, Button, Card } from '@/components/ui';
import { useStoredUser } from '@/lib/use-session';
import { useLogout } from '../api/logout';

/** Placeholder home of the user area and the admin portal until their own pages land. */
export function SignedInHomePage() {
  const user = useStoredUser();
  const logout = useLogout();
  const [loggingOut, setLoggingOut] = useState(false);

  const handleLogout = async () => {
    setLoggingOut(true);
    await logout();
  };

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:py-16">
      <Card className="flex flex-col items-center gap-5 p-8 text-center sm:p-10">
        <Avatar src={user?.image ?? user?.profile.profile_image} alt="" size="xl" />
        <div className="space-y-2">
          <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">Welcome, {displayName(user)}</h1>
          {user ? <Badge tone="brand">{roleLabel(user.role)}</Badge> : null}
          <p className="text-sm text-fg-muted">Your AlumLink space is being prepared. Your feed, messages and jobs will appear here.</p>
        </div>
        <Button variant="secondary" onClick={() => void handleLogout()} loading={loggingOut} leftIcon={<LogOut aria-hidden="true" className="size-4" />}>
          Logout
        </Button>
      </Card>
    </div>
  );
}
