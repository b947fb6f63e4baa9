import { CalendarDays, Sparkles } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { DEFAULT_SETTINGS, displayName, roleLabel, type ActivityItem, type SettingsWidgets } from '@alumlink/contract';
import { Avatar, Card } from '@/components/ui';
import { paths, profileHref } from '@/config/paths';
import { formatEventDate } from '@/lib/format';
import { useRecentActivity } from '../api/get-recent-activity';
import { useUpcomingEvents } from '../api/get-upcoming-events';
import { AnalyticsSection } from './analytics-section';
import { NewestJobsSection } from './newest-jobs-section';
import { TrendingTagsSection } from './trending-tags-section';
import { LoadingRows, PanelSection } from './panel-section';

const activityLabel: Record<ActivityItem['kind'], string> = { joined: 'joined AlumLink', posted: 'shared a post' };

function RecentActivitySection() {
  const activity = useRecentActivity();
  useEffect(() => {
    if (activity.error) console.warn("What's New: activity failed to load", activity.error);
  }, [activity.error]);

  return (
    <PanelSection title="Recent activity" icon={<Sparkles aria-hidden="true" className="size-4 text-accent-fg" />}>
      {activity.isPending ? <LoadingRows /> : null}
      {activity.isError ? <p className="text-sm text-fg-muted">Activity is unavailable right now.</p> : null}
      {activity.data?.length === 0 ? <p className="text-sm text-fg-muted">No activity yet.</p> : null}
      {activity.data && activity.data.length > 0 ? (
        <ul className="space-y-3">
          {activity.data.map((item) => (
            <li key={`${item.kind}-${item.user.id}-${item.post_id ?? item.at}`}>
              <Link
                to={profileHref(item.user.id)}
                className="group flex items-center gap-3 rounded-xl focus-visible:outline-2 focus-visible:outline-ring"
              >
                <Avatar src={item.user.image} personId={item.user.id} name={displayName(item.user)} alt="" size="sm" />
                <span className="min-w-0 text-sm">
                  <span className="block truncate font-medium text-fg group-hover:underline">{displayName(item.user)}</span>
                  <span className="block truncate text-xs text-fg-muted">
                    {roleLabel(item.user.role)} · {activityLabel[item.kind]}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </PanelSection>
  );
}

function UpcomingEventsSection() {
  const events = useUpcomingEvents();
  useEffect(() => {
    if (events.error) console.warn("What's New: events failed to load", events.error);
  }, [events.error]);

  return (
    <PanelSection title="Upcoming events" icon={<CalendarDays aria-hidden="true" className="size-4 text-accent-fg" />}>
      {events.isPending ? <LoadingRows /> : null}
      {events.isError ? <p className="text-sm text-fg-muted">Events are unavailable right now.</p> : null}
      {events.data?.length === 0 ? <p className="text-sm text-fg-muted">No upcoming events.</p> : null}
      {events.data && events.data.length > 0 ? (
        <ul className="space-y-3">
          {events.data.map((event) => (
            <li key={event.id} className="rounded-xl border border-border p-3">
              <p className="text-sm font-medium text-fg">{event.title}</p>
              <p className="mt-0.5 text-xs text-fg-muted">{formatEventDate(event.date)}</p>
              <p className="mt-0.5 text-xs text-fg-subtle">{event.category}</p>
            </li>
          ))}
        </ul>
      ) : null}
      <Link to={paths.user.events} className="inline-block text-sm font-medium text-accent-fg hover:underline">
        See all events
      </Link>
    </PanelSection>
  );
}

/** The 'What's New' panel: the widgets chosen in Settings (analytics, recent activity, upcoming events, newest jobs; trending tags go with recent activity). */
export function ActivityPanel({ widgets = DEFAULT_SETTINGS.widgets }: { widgets?: SettingsWidgets }) {
  const anyWidget = widgets.analytics || widgets.recent_activity || widgets.upcoming_events || widgets.job_alerts;
  return (
    <Card className="space-y-6 p-5" role="complementary" aria-labelledby="whats-new-heading">
      <h2 id="whats-new-heading" className="text-base font-bold tracking-tight text-fg">
        What&apos;s New
      </h2>
      {widgets.analytics ? <AnalyticsSection /> : null}
      {widgets.recent_activity ? <RecentActivitySection /> : null}
      {/* Trending tags are part of what is happening: the recent activity widget of Settings shows or hides them too. */}
      {widgets.recent_activity ? <TrendingTagsSection /> : null}
      {widgets.upcoming_events ? <UpcomingEventsSection /> : null}
      {widgets.job_alerts ? <NewestJobsSection /> : null}
      {anyWidget ? null : (
        <p className="text-sm text-fg-muted">
          Every widget is turned off.{' '}
          <Link to={paths.user.settings} className="font-medium text-accent-fg hover:underline">
            Choose widgets in Settings
          </Link>
        </p>
      )}
    </Card>
  );
}
