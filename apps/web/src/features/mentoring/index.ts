/** Public face of the mentoring feature. */
export { MentorBadge } from './components/mentor-badge';
export { MentorProfileCard } from './components/mentor-profile-form';
export { mentoringKeys } from './api/keys';
