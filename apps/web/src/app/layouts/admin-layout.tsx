import { Outlet } from 'react-router';
import { SignedInTopBar } from './signed-in-top-bar';

/** Shell of the admin portal (/admin/*). The admin issue replaces this with the full shell. */
export function AdminLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SignedInTopBar title="Admin Portal" />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
