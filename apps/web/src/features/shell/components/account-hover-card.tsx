import { lazy, Suspense, useState } from 'react';
import type { User } from '@alumlink/contract';
import { ProfileAvatarLink } from './profile-avatar-link';

/** The card (Radix, floating-ui) is not needed to show the avatar: it loads when the avatar is first pointed at or focused. */
const AccountHoverCardPopup = lazy(() => import('./account-hover-card-popup').then((m) => ({ default: m.AccountHoverCardPopup })));

/** Where the pointer and focus are while the card loads: it opens at once if one of them is still on the avatar. */
type Interest = { pointer: boolean; focus: boolean };

/** The top bar's avatar: a link to one's profile, with a hover card (username, role, Logout). */
export function AccountHoverCard({ user, onLogout }: { user: User; onLogout: () => void }) {
  const [interest, setInterest] = useState<Interest | null>(null);
  const update = (change: Partial<Interest>) => setInterest((current) => ({ pointer: false, focus: false, ...current, ...change }));
  const link = (
    <ProfileAvatarLink
      user={user}
      onPointerEnter={(event) => (event.pointerType === 'touch' ? undefined : update({ pointer: true }))}
      onPointerLeave={() => update({ pointer: false })}
      onFocus={() => update({ focus: true })}
      onBlur={() => update({ focus: false })}
    />
  );
  if (!interest) return link;
  return (
    <Suspense fallback={link}>
      <AccountHoverCardPopup user={user} onLogout={onLogout} defaultOpen={interest.pointer || interest.focus} focus={interest.focus} />
    </Suspense>
  );
}
