// Test factories: one file per domain under factories/, each inserting one real row with unique
// defaults through an Executor and returning it. Tests import them from '../../test/index'.
export { createUser, TEST_PASSWORD, type CreateUserOptions, type TestUser } from './factories/users';
export { createPost, type CreatePostOptions } from './factories/posts';
export { createCommunity, type CreateCommunityOptions } from './factories/communities';
export {
  createEvent,
  createEventMessage,
  createEventRegistration,
  type CreateEventMessageOptions,
  type CreateEventOptions,
  type CreateEventRegistrationOptions,
} from './factories/events';
export { createJob, type CreateJobOptions } from './factories/jobs';
export {
  createReferral,
  createReferralRequest,
  createReferralRequestEvent,
  type CreateReferralOptions,
  type CreateReferralRequestEventOptions,
  type CreateReferralRequestOptions,
} from './factories/referrals';
export { createUserSettings, type CreateUserSettingsOptions } from './factories/settings';
export { createConversation, type CreateConversationOptions } from './factories/conversations';
export {
  createRefreshSession,
  createSessionFamily,
  type CreateRefreshSessionOptions,
  type CreateSessionFamilyOptions,
} from './factories/sessions';
