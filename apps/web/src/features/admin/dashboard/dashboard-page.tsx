import { BadgeCheck, FileText, GraduationCap, Hourglass, Sparkles, Users, UserRoundCheck } from 'lucide-react';
import { Card, CardContent, ErrorState, Skeleton } from '@/components/ui';
import { useAdminStats } from './api/get-stats';
import { ActivityChart } from './activity-chart';
import { StatCounter } from './stat-counter';
import { AdminPageTitle } from '../shell/admin-page-title';

export const DASHBOARD_MESSAGES = { loadFailed: 'Failed to load the dashboard. Please try again later.' } as const;

function DashboardSkeleton() {
  return (
    <div aria-busy="true" className="space-y-6">
      <span role="status" className="sr-only">
        Loading dashboard...
      </span>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {Array.from({ length: 7 }, (_, index) => (
          <Skeleton key={index} className="h-[88px] rounded-(--radius-card)" />
        ))}
      </div>
      <Skeleton className="h-72 rounded-(--radius-card)" />
    </div>
  );
}

/** /admin: live figures counting up, and 30 days of sign-ups and posts. */
export function DashboardPage() {
  const stats = useAdminStats();
  return (
    <div className="space-y-6">
      <AdminPageTitle title="Dashboard" description="Live figures of the network." />
      {stats.isPending ? <DashboardSkeleton /> : null}
      {stats.isError ? <ErrorState message={DASHBOARD_MESSAGES.loadFailed} onRetry={() => void stats.refetch()} /> : null}
      {stats.data ? (
        <>
          <section aria-label="Figures" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
            <StatCounter label="People" value={stats.data.users.total} icon={Users} />
            <StatCounter label="Trainees" value={stats.data.users.TR} icon={GraduationCap} />
            <StatCounter label="Interns" value={stats.data.users.IN} icon={Sparkles} />
            <StatCounter label="Alumni" value={stats.data.users.AL} icon={UserRoundCheck} />
            <StatCounter label="Posts" value={stats.data.posts} icon={FileText} />
            <StatCounter label="Referrals done" value={stats.data.referrals.done} icon={BadgeCheck} />
            <StatCounter label="Referrals pending" value={stats.data.referrals.pending} icon={Hourglass} />
          </section>
          <Card>
            <CardContent>
              <ActivityChart activity={stats.data.activity} />
            </CardContent>
          </Card>
        </>
      ) : null}
    </div>
  );
}
