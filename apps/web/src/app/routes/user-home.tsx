import { Feed } from '@/features/posts';
import { WhatsNewPanel } from '@/features/whats-new';

/** /user: the feed with the 'What's New' column beside it on wide screens, under it on phones. */
export function UserHomePage() {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] xl:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="mx-auto w-full max-w-2xl min-w-0">
        <Feed />
      </div>
      <div className="hidden lg:block">
        <div className="sticky top-20">
          <WhatsNewPanel />
        </div>
      </div>
    </div>
  );
}
