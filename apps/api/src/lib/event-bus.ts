/** Payload types by event name, e.g. `{ 'post.deleted': { postId: number } }`. */
export type EventMap = { [name: string]: unknown };

export type EventListener<Payload> = (payload: Payload) => void | Promise<void>;

export type EventBus<Events extends EventMap> = {
  /**
   * Tells every listener of `name`, synchronously, in subscription order. Emit only once the
   * change committed: listeners act on it (sockets, e-mails) and cannot be rolled back.
   */
  emit<Name extends keyof Events & string>(name: Name, payload: Events[Name]): void;
  /** Subscribes to one event; returns the unsubscribe function. */
  on<Name extends keyof Events & string>(name: Name, listener: EventListener<Events[Name]>): () => void;
};

/** How a failing listener is reported (the app logs it). */
export type ListenerErrorReporter = (error: unknown, event: string) => void;

/**
 * A typed in-process event bus, one per app (never process-wide: several apps in one process,
 * as in the tests, each hear only their own events). A listener that throws or rejects is
 * reported and never affects the emitter or the other listeners.
 */
export function createEventBus<Events extends EventMap>(reportError: ListenerErrorReporter): EventBus<Events> {
  const listeners = new Map<string, Set<EventListener<never>>>();
  return {
    emit(name, payload) {
      const subscribed = listeners.get(name);
      if (!subscribed) return;
      for (const listener of subscribed as Set<EventListener<typeof payload>>) {
        try {
          const result = listener(payload);
          if (result) result.catch((error: unknown) => reportError(error, name));
        } catch (error) {
          reportError(error, name);
        }
      }
    },
    on(name, listener) {
      let subscribed = listeners.get(name);
      if (!subscribed) {
        subscribed = new Set();
        listeners.set(name, subscribed);
      }
      subscribed.add(listener as EventListener<never>);
      return () => {
        subscribed.delete(listener as EventListener<never>);
      };
    },
  };
}
