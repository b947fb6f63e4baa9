import { Outlet } from 'react-router';
import { SignedInTopBar } from './signed-in-top-bar';

/** Shell of the user area (/user/*). The user-area issue replaces this with the full shell. */
export function UserLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SignedInTopBar />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
