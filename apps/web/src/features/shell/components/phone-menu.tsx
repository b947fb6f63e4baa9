import { lazy, Suspense, useState } from 'react';
import { PhoneMenuButton } from './phone-menu-button';

/** The menu (Radix, floating-ui) is not needed to show the button: it loads when the button is first touched, focused or used. */
const loadPopup = () => import('./phone-menu-popup');
const PhoneMenuPopup = lazy(() => loadPopup().then((m) => ({ default: m.PhoneMenuPopup })));

/** On phones, the links that do not fit the tab bar (Referrals, Settings), the theme and Logout. */
export function PhoneMenu({ onLogout }: { onLogout: () => void }) {
  const [used, setUsed] = useState(false);
  const button = <PhoneMenuButton onPointerDown={() => void loadPopup()} onFocus={() => void loadPopup()} onClick={() => setUsed(true)} />;
  if (!used) return button;
  return (
    <Suspense fallback={button}>
      <PhoneMenuPopup onLogout={onLogout} defaultOpen />
    </Suspense>
  );
}
