import { lazy, Suspense } from 'react';
import type { DashboardLayout } from '@alumlink/contract';
import { Feed } from '@/features/posts';
import { useSettings } from '@/features/settings';
import { cn } from '@/lib/cn';
import { useMediaQuery } from '@/lib/use-media-query';

/** Shown on wide screens only: phones neither download its code nor ask for its data. */
const ActivityPanel = lazy(() => import('@/features/activity').then((m) => ({ default: m.ActivityPanel })));
/** Tailwind's lg breakpoint, where the second column appears. */
const WIDE_SCREEN = '(min-width: 64rem)';

/**
 * How the feed looks for each dashboard layout of Settings: Grid keeps the full cards, List turns
 * them into tighter rows with small images, Compact is denser still.
 */
const FEED_LAYOUT_CLASSES: Record<DashboardLayout, string> = {
  Grid: '',
  List: '[&_ul[aria-label=Posts]]:space-y-2 [&_[role=article]_[data-post-image]]:max-h-56',
  Compact:
    '[&_ul[aria-label=Posts]]:space-y-1.5 [&_[role=article]]:text-sm [&_[role=article]_p]:text-sm [&_[role=article]_[data-post-image]]:max-h-36',
};

/** /user: the feed with the 'What's New' column beside it on wide screens. */
export function UserHomePage() {
  const settings = useSettings();
  const wide = useMediaQuery(WIDE_SCREEN);
  const layout = settings.data?.dashboard_layout ?? 'Grid';
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] xl:grid-cols-[minmax(0,1fr)_20rem]">
      <div data-dashboard-layout={layout.toLowerCase()} className={cn('mx-auto w-full max-w-2xl min-w-0', FEED_LAYOUT_CLASSES[layout])}>
        <Feed />
      </div>
      <div className="hidden lg:block">
        {wide ? (
          <div className="sticky top-20 max-h-[calc(100dvh-6rem)] overflow-y-auto rounded-(--radius-card)">
            <Suspense fallback={null}>{settings.isPending ? null : <ActivityPanel widgets={settings.data?.widgets} />}</Suspense>
          </div>
        ) : null}
      </div>
    </div>
  );
}
