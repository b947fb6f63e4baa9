import type { DashboardLayout } from '@alumlink/contract';
import { Feed } from '@/features/posts';
import { useSettings } from '@/features/settings';
import { WhatsNewPanel } from '@/features/whats-new';
import { cn } from '@/lib/cn';

/**
 * How the feed looks for each dashboard layout of Settings: Grid keeps the full cards, List turns
 * them into tighter rows with small images, Compact is denser still.
 */
const FEED_LAYOUT_CLASSES: Record<DashboardLayout, string> = {
  Grid: '',
  List: '[&_ul[aria-label=Posts]]:space-y-2 [&_[role=article]_img[alt^=Image]]:max-h-56',
  Compact:
    '[&_ul[aria-label=Posts]]:space-y-1.5 [&_[role=article]]:text-sm [&_[role=article]_p]:text-sm [&_[role=article]_img[alt^=Image]]:max-h-36',
};

/** /user: the feed with the 'What's New' column beside it on wide screens, under it on phones. */
export function UserHomePage() {
  const settings = useSettings();
  const layout = settings.data?.dashboard_layout ?? 'Grid';
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] xl:grid-cols-[minmax(0,1fr)_20rem]">
      <div data-dashboard-layout={layout.toLowerCase()} className={cn('mx-auto w-full max-w-2xl min-w-0', FEED_LAYOUT_CLASSES[layout])}>
        <Feed />
      </div>
      <div className="hidden lg:block">
        <div className="sticky top-20 max-h-[calc(100dvh-6rem)] overflow-y-auto rounded-(--radius-card)">{settings.isPending ? null : <WhatsNewPanel widgets={settings.data?.widgets} />}</div>
      </div>
    </div>
  );
}
