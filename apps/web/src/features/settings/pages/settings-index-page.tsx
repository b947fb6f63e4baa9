import { Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { SettingsList } from '../components/settings-nav';
import { YOUR_DATA_ANCHOR } from '../components/your-data-section';

/** Below the `sm` breakpoint (tokens: 40rem) the index is the list of sections; wider, the tabs show the first one. */
export const PHONE_QUERY = '(max-width: 39.99rem)';

/** /user/settings: older links (the "your data is ready" e-mail's #your-data) land on their section. */
export function SettingsIndexPage() {
  const { hash } = useLocation();
  if (hash === `#${YOUR_DATA_ANCHOR}`) return <Navigate replace to={`${paths.user.accountSettings}${hash}`} />;
  const phone = typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;
  if (!phone) return <Navigate replace to={paths.user.profileSettings} />;
  return <SettingsList />;
}
