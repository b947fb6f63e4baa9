import { lazy, Suspense, useState } from 'react';
import { AuthCard } from '../components/auth-card';
import { SignInInstead } from '../components/auth-link';
import { SignupForm } from '../components/signup-form';
import { SocialButtons } from '../components/social-buttons';

/** Only once the code has been e-mailed (its form, rules and calls are not needed before). */
/**
 * The policy notice loads after the form has painted: its query and schema would otherwise put the
 * contract and the query client in the page's first download (the 150 KB budget of /signup).
 */
const SignUpPolicyNotice = lazy(() => import('../components/sign-up-policy-notice').then((m) => ({ default: m.SignUpPolicyNotice })));
const SsoButton = lazy(() => import('../components/sso-button').then((m) => ({ default: m.SsoButton })));
const OtpStep = lazy(() => import('../components/otp-step').then((m) => ({ default: m.OtpStep })));

export function SignupPage() {
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);

  return (
    <AuthCard
      title="Signup to your account today."
      subtitle="Join the AlumLink network of alumni, interns and trainees."
      footer={<SignInInstead />}
    >
      {pendingEmail ? (
        <Suspense fallback={null}>
          <OtpStep email={pendingEmail} onChangeDetails={() => setPendingEmail(null)} />
        </Suspense>
      ) : (
        <div className="space-y-6">
          <Suspense fallback={null}>
            <SignUpPolicyNotice />
          </Suspense>
          <Suspense fallback={null}>
            <SsoButton />
          </Suspense>
          <SignupForm onOtpSent={setPendingEmail} />
          <SocialButtons />
        </div>
      )}
    </AuthCard>
  );
}
