import {
  ArrowLeft,
  BriefcaseBusiness,
  CalendarDays,
  ChartNoAxesColumn,
  FileText,
  FileUp,
  Flag,
  GraduationCap,
  Handshake,
  House,
  MailPlus,
  Scale,
  ScrollText,
  Server,
  Users,
  UserCog,
  type LucideIcon,
} from 'lucide-react';
import type { ModerationQueueCounts } from '@alumlink/contract';
import { paths } from '@/config/paths';

export interface AdminNavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Active only on the exact path (the dashboard), not on its children. */
  end?: boolean;
  /** The open-queue count shown beside it (GET /social/admin/queue-counts/). */
  count?: keyof ModerationQueueCounts;
}

/** The side menu of the admin portal, in the specification's order (Reports and Appeals beside Manage Posts). */
export const adminNavItems: readonly AdminNavItem[] = [
  { label: 'Home', to: paths.admin.root, icon: House, end: true },
  { label: 'Job Posts', to: paths.admin.jobs, icon: BriefcaseBusiness },
  { label: 'Events', to: paths.admin.events, icon: CalendarDays },
  { label: 'Manage Posts', to: paths.admin.managePosts, icon: FileText },
  { label: 'Reports', to: paths.admin.reports, icon: Flag, count: 'open_reports' },
  { label: 'Appeals', to: paths.admin.appeals, icon: Scale, count: 'open_appeals' },
  { label: 'Referrals', to: paths.admin.referrals, icon: Handshake },
  { label: 'Mentoring', to: paths.admin.mentoring, icon: GraduationCap },
  { label: 'Outcomes', to: paths.admin.outcomes, icon: ChartNoAxesColumn },
  { label: 'Update User Role', to: paths.admin.roleUpdater, icon: UserCog },
  { label: 'Audit Log', to: paths.admin.auditLog, icon: ScrollText },
  { label: 'Cohorts', to: paths.admin.cohorts, icon: Users },
  { label: 'Invitations', to: paths.admin.invitations, icon: MailPlus },
  { label: 'Roster', to: paths.admin.roster, icon: FileUp },
  { label: 'System', to: paths.admin.system, icon: Server },
];

/** Below the admin menu: the way back to the member area, and Events (created and checked in there). */
export const memberAreaItems: readonly AdminNavItem[] = [
  { label: 'Member area', to: paths.user.root, icon: ArrowLeft, end: true },
  { label: 'Events', to: paths.user.events, icon: CalendarDays },
];
