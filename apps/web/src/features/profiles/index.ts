export { ProfilePage, type ProfilePageProps } from './pages/profile-page';
export { profileKeys, profileQueryOptions } from './api/get-profile';
