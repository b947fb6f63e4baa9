import { displayName, type Notification } from '@alumlink/contract';

/** Notifications of one type about one thing (a post's likes, a conversation's messages), newest first. */
export interface NotificationGroup {
  key: string;
  /** The newest of the group: its time, target and icon stand for all. */
  latest: Notification;
  ids: number[];
  read: boolean;
  /** "Ana Lopez and 3 others liked your post." (the newest actor named, the other distinct actors counted). */
  text: string;
}

/** Types worth folding together: many people doing the same thing to one target. */
function groupKey(notification: Notification): string | null {
  switch (notification.type) {
    case 'post_liked':
    case 'post_commented':
      return notification.post_id === null ? null : `${notification.type}:post:${notification.post_id}`;
    case 'message':
      return notification.conversation_id === null ? null : `message:conversation:${notification.conversation_id}`;
    default:
      return null;
  }
}

function groupText(latest: Notification, otherActors: number): string {
  if (otherActors === 0 || !latest.actor) return latest.text;
  const name = displayName(latest.actor);
  const others = `${name} and ${otherActors} ${otherActors === 1 ? 'other' : 'others'}`;
  return latest.text.startsWith(name) ? `${others}${latest.text.slice(name.length)}` : `${latest.text} (${others})`;
}

/**
 * Folds the loaded notifications (newest first) into groups of the same type and target, each where
 * its newest member stands. Done on the client over the pages loaded so far: the API pages rows, and
 * grouping there would need a second cursor (docs/decisions/039-notification-groups.md).
 */
export function groupNotifications(notifications: readonly Notification[]): NotificationGroup[] {
  const groups: NotificationGroup[] = [];
  const byKey = new Map<string, { group: NotificationGroup; actors: Set<number> }>();
  for (const notification of notifications) {
    const key = groupKey(notification);
    const open = key === null ? undefined : byKey.get(key);
    if (open) {
      open.group.ids.push(notification.id);
      open.group.read &&= notification.read;
      if (notification.actor) open.actors.add(notification.actor.id);
      open.group.text = groupText(open.group.latest, open.actors.size - 1);
      continue;
    }
    const group: NotificationGroup = {
      key: key ?? `one:${notification.id}`,
      latest: notification,
      ids: [notification.id],
      read: notification.read,
      text: notification.text,
    };
    groups.push(group);
    if (key !== null) byKey.set(key, { group, actors: new Set(notification.actor ? [notification.actor.id] : []) });
  }
  return groups;
}
