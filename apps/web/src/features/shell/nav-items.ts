import {
  BriefcaseBusiness,
  CalendarDays,
  GraduationCap,
  Handshake,
  UsersRound,
  House,
  MessageSquare,
  Settings,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '@/config/paths';

export type NavLinkItem = { label: string; to: string; icon: LucideIcon; /** Active only on the exact path. */ end?: boolean };

export const homeItem: NavLinkItem = { label: 'Home', to: paths.user.root, icon: House, end: true };
export const referralsItem: NavLinkItem = { label: 'Referrals', to: paths.user.referrals, icon: Handshake };
export const peopleItem: NavLinkItem = { label: 'People', to: paths.user.people, icon: UsersRound };
export const mentoringItem: NavLinkItem = { label: 'Mentoring', to: paths.user.mentoring, icon: GraduationCap };
export const messagesItem: NavLinkItem = { label: 'Messages', to: paths.user.messages, icon: MessageSquare };
export const jobsItem: NavLinkItem = { label: 'Jobs', to: paths.user.jobs, icon: BriefcaseBusiness };
export const eventsItem: NavLinkItem = { label: 'Events', to: paths.user.events, icon: CalendarDays };
export const profileItem: NavLinkItem = { label: 'Profile', to: paths.user.profile, icon: UserRound };
export const settingsItem: NavLinkItem = { label: 'Settings', to: paths.user.settings, icon: Settings };

/** The sidebar's links, in the specification's order (Create sits after Home; Logout closes the list). */
export const sidebarLinksAfterCreate: NavLinkItem[] = [
  peopleItem,
  referralsItem,
  mentoringItem,
  messagesItem,
  jobsItem,
  eventsItem,
  profileItem,
];

/** On a phone: the bottom tab bar (Home, Create, Messages, Jobs, Profile) and what goes into the menu (Events: check-in happens on a phone). */
export const tabBarBeforeCreate: NavLinkItem[] = [homeItem];
export const tabBarAfterCreate: NavLinkItem[] = [messagesItem, jobsItem, profileItem];
export const phoneMenuLinks: NavLinkItem[] = [peopleItem, referralsItem, mentoringItem, eventsItem, settingsItem];
