/** Public face of the mentoring feature. */
export { MentorBadge } from './components/mentor-badge';
export { MentorProfileCard } from './components/mentor-profile-form';
export { useMentorProfile } from './api/get-mentor-profile';
export { useMentor } from './api/get-mentors';
export { mentoringKeys } from './api/keys';
