import { ChartNoAxesColumn } from 'lucide-react';
import { useEffect } from 'react';
import { formatCount } from '@/lib/format';
import { usePostAnalytics } from '../api/get-analytics';
import { LoadingRows, PanelSection } from './panel-section';

/** Analytics widget: your posts and the likes and comments they received. */
export function AnalyticsSection() {
  const analytics = usePostAnalytics({ enabled: true });

  useEffect(() => {
    if (analytics.error) console.warn("What's New: analytics failed to load", analytics.error);
  }, [analytics.error]);

  const stats = analytics.data
    ? [
        { label: 'Posts', value: analytics.data.posts },
        { label: 'Likes', value: analytics.data.likes },
        { label: 'Comments', value: analytics.data.comments },
      ]
    : [];

  return (
    <PanelSection title="Your analytics" icon={<ChartNoAxesColumn aria-hidden="true" className="size-4 text-accent-fg" />}>
      {analytics.isPending ? <LoadingRows /> : null}
      {analytics.isError ? <p className="text-sm text-fg-muted">Analytics are unavailable right now.</p> : null}
      {analytics.data ? (
        <dl className="grid grid-cols-3 gap-2 text-center">
          {stats.map((stat) => (
            <div key={stat.label} className="rounded-xl bg-surface-muted px-2 py-2.5">
              <dt className="text-xs text-fg-muted">{stat.label}</dt>
              <dd className="text-lg font-bold text-fg">
                {formatCount(stat.value)}
                {analytics.data.more ? '+' : ''}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </PanelSection>
  );
}
