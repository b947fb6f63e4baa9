import {
  errorSchema,
  fieldPrivacySchema,
  settingsSchema,
  updateFieldPrivacyRequestSchema,
  updateSettingsRequestSchema,
} from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema } from '../../lib/validation';
import { getOwnFieldPrivacy, updateOwnFieldPrivacy } from './field-privacy.service';
import { getOwnSettings, updateOwnSettings } from './settings.service';

const security = [{ bearerAuth: [] }];

/** The settings page: stored per person, with effects enforced by other modules (visibility, tracking, two-factor). */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/social/settings/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['settings'],
        summary: 'Your settings (the defaults until you save any)',
        security,
        response: { 200: settingsSchema, 401: errorSchema },
      },
    },
    async (request) => getOwnSettings(app.ctx, request.user),
  );

  app.put(
    '/social/settings/',
    {
      onRequest: app.authenticate,
      config: { accountRateLimit: 'settings' },
      schema: {
        tags: ['settings'],
        summary: 'Save your settings; any subset of the fields (and of the widgets), the rest stays',
        security,
        body: updateSettingsRequestSchema,
        response: { 200: settingsSchema, 400: badRequestSchema, 401: errorSchema },
      },
    },
    async (request) => updateOwnSettings(app.ctx, request.user, request.body),
  );

  app.get(
    '/social/settings/privacy/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['settings'],
        summary: 'Who may see each field of your profile: everyone, connections or only_me (the defaults until you choose)',
        security,
        response: { 200: fieldPrivacySchema, 401: errorSchema },
      },
    },
    async (request) => getOwnFieldPrivacy(app.ctx, request.user),
  );

  app.put(
    '/social/settings/privacy/',
    {
      onRequest: app.authenticate,
      config: { accountRateLimit: 'settings' },
      schema: {
        tags: ['settings'],
        summary: 'Choose who may see your e-mail, phone, company, location, cohort year and skills; any subset, the rest stays',
        security,
        body: updateFieldPrivacyRequestSchema,
        response: { 200: fieldPrivacySchema, 400: badRequestSchema, 401: errorSchema },
      },
    },
    async (request) => updateOwnFieldPrivacy(app.ctx, request.user, request.body),
  );
};
