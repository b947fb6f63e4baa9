export { UserShell, type UserShellProps } from './components/user-shell';
