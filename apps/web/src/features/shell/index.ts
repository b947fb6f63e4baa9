export { UserShell, type UserShellProps } from './components/user-shell';
export { JobsSectionPage, MessagesSectionPage, ReferralsSectionPage, SettingsSectionPage } from './pages/section-pages';
