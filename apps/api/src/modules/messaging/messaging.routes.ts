import {
  conversationPageSchema,
  conversationSchema,
  errorSchema,
  idParamsSchema,
  messagePageSchema,
  messageSchema,
  pageQuerySchema,
  sendMessageRequestSchema,
  startConversationRequestSchema,
} from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema } from '../../lib/validation';
import * as service from './messaging.service';

const errors = { 400: badRequestSchema, 401: errorSchema, 404: errorSchema };

export const messagingRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.authenticate };

  app.get(
    '/social/conversations/',
    {
      ...auth,
      schema: {
        tags: ['messaging'],
        summary: 'Your conversations, most recently active first, cursor-paginated',
        querystring: pageQuerySchema,
        response: { 200: conversationPageSchema, ...errors },
      },
    },
    async (request) => service.listConversations(app.ctx, request.user, request.query),
  );

  app.post(
    '/social/conversations/start_conversation/',
    {
      ...auth,
      config: { accountRateLimit: 'conversation' },
      schema: {
        tags: ['messaging'],
        summary: 'Your conversation with user_id: the existing one (200) or a new one (201)',
        body: startConversationRequestSchema,
        response: { 200: conversationSchema, 201: conversationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { conversation, created } = await service.startConversation(app.ctx, request.user, request.body.user_id);
      return reply.status(created ? 201 : 200).send(conversation);
    },
  );

  app.get(
    '/social/conversations/:id/messages/',
    {
      ...auth,
      schema: {
        tags: ['messaging'],
        summary: 'Messages newest first (participants only); marks the conversation read',
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: messagePageSchema, ...errors },
      },
    },
    async (request) => service.listMessages(app.ctx, request.user, request.params.id, request.query),
  );

  app.post(
    '/social/conversations/:id/send_message/',
    {
      ...auth,
      config: { accountRateLimit: 'message' },
      schema: {
        tags: ['messaging'],
        summary: 'Sends a message (participants only)',
        params: idParamsSchema,
        body: sendMessageRequestSchema,
        // 409 recipient_deleted: the other person deleted their account.
        response: { 201: messageSchema, ...errors, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const message = await service.sendMessage(app.ctx, request.user, request.params.id, request.body.content);
      return reply.status(201).send(message);
    },
  );
};
