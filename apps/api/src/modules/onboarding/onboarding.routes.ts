import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptEmptyJsonBody } from '../../lib/empty-json-body';
import { cohortMembersRoutes } from './cohort-members.routes';
import { cohortsRoutes } from './cohorts.routes';
import { invitationsRoutes } from './invitations.routes';
import { rosterRoutes } from './roster.routes';
import { signUpPolicyRoutes } from './sign-up-policy.routes';

/** Onboarding an organisation (DESIGN 9.1): cohorts, invitations and the sign-up policy. */
export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  // "Apply now", resend and revoke carry a JSON content type and no body.
  acceptEmptyJsonBody(app);
  await app.register(cohortsRoutes);
  await app.register(cohortMembersRoutes);
  await app.register(invitationsRoutes);
  await app.register(signUpPolicyRoutes);
  await app.register(rosterRoutes);
};
