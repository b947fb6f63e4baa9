import { BriefcaseBusiness, Handshake, MessageSquare, Settings } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui';

function SectionPage({ title, description, icon, emptyTitle, emptyDescription }: { title: string; description: string; icon: ReactNode; emptyTitle: string; emptyDescription: string }) {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-fg">{title}</h1>
        <p className="mt-1 text-sm text-fg-muted">{description}</p>
      </div>
      <EmptyState icon={icon} title={emptyTitle} description={emptyDescription} />
    </div>
  );
}

/** /user/messages until the messaging issue lands: the specification's empty state. */
export function MessagesSectionPage() {
  return (
    <SectionPage
      title="Messages"
      description="Your conversations with other members."
      icon={<MessageSquare aria-hidden="true" className="size-6" />}
      emptyTitle="Your messages"
      emptyDescription="Send a message to start a chat"
    />
  );
}

export function JobsSectionPage() {
  return (
    <SectionPage
      title="Jobs"
      description="Openings shared with the community."
      icon={<BriefcaseBusiness aria-hidden="true" className="size-6" />}
      emptyTitle="No jobs to show"
      emptyDescription="Job openings will be listed here."
    />
  );
}

export function ReferralsSectionPage() {
  return (
    <SectionPage
      title="Referrals"
      description="Job referrals offered by alumni."
      icon={<Handshake aria-hidden="true" className="size-6" />}
      emptyTitle="No referrals to show"
      emptyDescription="Referrals submitted by alumni will be listed here."
    />
  );
}

export function SettingsSectionPage() {
  return (
    <SectionPage
      title="Settings"
      description="Preferences for this device."
      icon={<Settings aria-hidden="true" className="size-6" />}
      emptyTitle="No settings to change yet"
      emptyDescription="Your preferences will be listed here."
    />
  );
}
