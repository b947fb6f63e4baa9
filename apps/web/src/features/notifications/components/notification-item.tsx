import {
  AtSign,
  CalendarCheck,
  GraduationCap,
  Handshake,
  Heart,
  MessageCircle,
  MessageSquare,
  Scale,
  ShieldAlert,
  UserCog,
  type LucideIcon,
} from 'lucide-react';
import { displayName, type Notification, type NotificationType } from '@alumlink/contract';
import { Avatar } from '@/components/ui';
import { cn } from '@/lib/cn';
import { formatRelativeTime } from '@/lib/format-relative-time';

const TYPE_ICONS: Record<NotificationType, { icon: LucideIcon; tone: string }> = {
  post_liked: { icon: Heart, tone: 'bg-danger-soft text-danger-fg' },
  post_commented: { icon: MessageCircle, tone: 'bg-primary-soft text-primary-soft-fg' },
  message: { icon: MessageSquare, tone: 'bg-primary-soft text-primary-soft-fg' },
  post_removed: { icon: ShieldAlert, tone: 'bg-danger-soft text-danger-fg' },
  role_changed: { icon: UserCog, tone: 'bg-success-soft text-success-fg' },
  mentoring_requested: { icon: GraduationCap, tone: 'bg-primary-soft text-primary-soft-fg' },
  mentoring_accepted: { icon: GraduationCap, tone: 'bg-success-soft text-success-fg' },
  mentoring_declined: { icon: GraduationCap, tone: 'bg-danger-soft text-danger-fg' },
  mentoring_cancelled: { icon: GraduationCap, tone: 'bg-surface-muted text-fg-muted' },
  mentoring_completed: { icon: GraduationCap, tone: 'bg-success-soft text-success-fg' },
  referral_requested: { icon: Handshake, tone: 'bg-primary-soft text-primary-soft-fg' },
  referral_status_changed: { icon: Handshake, tone: 'bg-success-soft text-success-fg' },
  appeal_decided: { icon: Scale, tone: 'bg-primary-soft text-primary-soft-fg' },
  event_promoted: { icon: CalendarCheck, tone: 'bg-success-soft text-success-fg' },
  lifecycle: { icon: UserCog, tone: 'bg-success-soft text-success-fg' },
  mention: { icon: AtSign, tone: 'bg-primary-soft text-primary-soft-fg' },
};

/**
 * The inside of one notification row: who caused it (their avatar, marked with the type's icon;
 * the icon alone for moderation and role changes), sentence, moderation reason, time, unread dot.
 */
export function NotificationItem({ notification }: { notification: Notification }) {
  const { icon: Icon, tone } = TYPE_ICONS[notification.type];
  const { actor } = notification;
  return (
    <>
      {actor ? (
        <span className="relative shrink-0">
          <Avatar src={actor.image ?? actor.profile.profile_image} personId={actor.id} name={displayName(actor)} alt="" size="sm" />
          <span className={cn('absolute -right-1 -bottom-1 grid size-5 place-items-center rounded-full ring-2 ring-surface-raised', tone)}>
            <Icon aria-hidden="true" className="size-3" />
          </span>
        </span>
      ) : (
        <span className={cn('grid size-9 shrink-0 place-items-center rounded-full', tone)}>
          <Icon aria-hidden="true" className="size-4.5" />
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className={cn('block text-sm', notification.read ? 'text-fg-muted' : 'font-medium text-fg')}>{notification.text}</span>
        {notification.reason && notification.type === 'post_removed' ? (
          <span className="mt-0.5 block text-xs text-fg-muted">Reason: {notification.reason}</span>
        ) : null}
        {notification.type === 'post_removed' ? (
          <span className="mt-0.5 block text-xs font-semibold text-accent-fg">View or appeal this decision</span>
        ) : null}
        <time dateTime={notification.created_at} className="mt-0.5 block text-xs text-fg-subtle">
          {formatRelativeTime(notification.created_at, new Date(), 'short')}
        </time>
      </span>
      {notification.read ? null : (
        <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-primary">
          <span className="sr-only">Unread</span>
        </span>
      )}
    </>
  );
}
