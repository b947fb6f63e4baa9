import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { listenToChannel } from '../../db/listen';

/** Where the database announces sign-in changes (migration 0023_sign_in_changes). */
export const SIGN_IN_CHANGES_CHANNEL = 'alumlink_sign_in_changes';

/**
 * Keeps the sign-in cache (`ctx.repositories.auth.cache`) true to the database: listens to the
 * channel on which every committed change to a session or a person's role, staff flag, e-mail or
 * active flag is announced, whoever made it, and forgets that person. The cache is on only while
 * the channel is listened to, so a lost connection never leaves stale entries behind. This
 * instance's own changes (`sessions.ended`, `person.changed`) are also forgotten at once, before
 * the NOTIFY arrives.
 */
export const signInChangesPlugin = fastifyPlugin(
  async (app: FastifyInstance) => {
    const { cache } = app.ctx.repositories.auth;
    const forget = ({ userId }: { userId: number }) => cache.forgetPerson(userId);
    const unsubscribe = [app.ctx.events.on('sessions.ended', forget), app.ctx.events.on('person.changed', forget)];
    let wasListening = false;
    // Closing stops the listening on purpose: the cache goes off, but nothing was lost.
    let closing = false;
    const channel = await listenToChannel(app.database.driver, SIGN_IN_CHANGES_CHANNEL, {
      onPayload: (payload) => {
        const personId = Number(payload);
        if (Number.isSafeInteger(personId)) cache.forgetPerson(personId);
      },
      onListening: (listening) => {
        cache.setEnabled(listening);
        if (wasListening && !listening && !closing) app.log.warn('sign-in cache off: the database change channel is lost, reconnecting');
        if (!wasListening && listening) app.log.debug('sign-in cache on');
        wasListening = listening;
      },
      onError: (error) => app.log.warn({ err: error }, 'sign-in change channel error'),
    });
    app.addHook('onClose', async () => {
      closing = true;
      for (const stop of unsubscribe) stop();
      await channel.stop();
    });
  },
  { name: 'sign-in-changes', dependencies: ['app-context'] },
);
