import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard } from '../components/auth-card';
import { OtpStep } from '../components/otp-step';
import { SignupForm } from '../components/signup-form';
import { SocialButtons } from '../components/social-buttons';

export function SignupPage() {
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);

  return (
    <AuthCard
      title="Signup to your account today."
      subtitle="Join the AlumLink network of alumni, interns and trainees."
      footer={
        <>
          Already have an account?{' '}
          <Link
            to={paths.login}
            className="rounded font-semibold text-accent-fg hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            Sign in
          </Link>
        </>
      }
    >
      {pendingEmail ? (
        <OtpStep email={pendingEmail} onChangeDetails={() => setPendingEmail(null)} />
      ) : (
        <div className="space-y-6">
          <SignupForm onOtpSent={setPendingEmail} />
          <SocialButtons />
        </div>
      )}
    </AuthCard>
  );
}
