/** Public face of the admin portal: its shell (for the app's layout); screens are lazy entries in ./pages/. */
export { AdminShell, type AdminShellProps } from './shell/admin-shell';
export { adminNavItems } from './shell/nav-items';
export { adminKeys } from './api/keys';
