import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Invitation, InvitationStatus } from '@alumlink/contract';
import { Card, CardContent, CardHeader, CardTitle, EmptyState, PagedList, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui';
import { isApiError } from '@/lib/api-client';
import { AdminPageTitle } from '../shell/admin-page-title';
import { useChangeInvitation, type InvitationAction } from './api/change-invitation';
import { useInvitations } from './api/get-invitations';
import { InvitationRow } from './components/invitation-row';
import { InviteForm } from './components/invite-form';
import { SignUpPolicyForm } from './components/sign-up-policy-form';

export const INVITATIONS_MESSAGES = {
  loading: 'Loading invitations...',
  loadFailed: 'Failed to load invitations. Please try again later.',
  empty: {
    pending: 'No pending invitations',
    accepted: 'Nobody has joined by invitation yet',
    expired: 'No expired invitations',
    revoked: 'No revoked invitations',
  },
  done: { resend: (email: string) => `Invitation sent again to ${email}.`, revoke: (email: string) => `Invitation for ${email} revoked.` },
} as const;

const TABS: { value: InvitationStatus; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'expired', label: 'Expired' },
  { value: 'revoked', label: 'Revoked' },
];

/** /admin/invitations: invite by e-mail, follow invitations by status (resend, revoke), and the sign-up policy. */
export function InvitationsPage() {
  const [status, setStatus] = useState<InvitationStatus>('pending');
  const invitations = useInvitations(status);
  const change = useChangeInvitation();

  const handleAction = (invitation: Invitation, action: InvitationAction) => {
    change.mutate(
      { id: invitation.id, action },
      {
        onSuccess: () => toast.success(INVITATIONS_MESSAGES.done[action](invitation.email)),
        onError: (error) => toast.error((isApiError(error) && error.detail) || 'Could not change the invitation. Please try again.'),
      },
    );
  };

  return (
    <div className="space-y-5">
      <AdminPageTitle title="Invitations" description="Invite people with a role and a cohort. Links work once, for 14 days." />
      <div className="grid gap-5 lg:grid-cols-[3fr_2fr]">
        <Card>
          <CardHeader>
            <CardTitle>Invite someone</CardTitle>
          </CardHeader>
          <CardContent>
            <InviteForm />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Sign-up policy</CardTitle>
          </CardHeader>
          <CardContent>
            <SignUpPolicyForm />
          </CardContent>
        </Card>
      </div>
      <Tabs value={status} onValueChange={(value) => setStatus(value as InvitationStatus)}>
        <TabsList aria-label="Filter by status">
          {TABS.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={status} className="space-y-3">
          <PagedList
            query={invitations}
            loading={INVITATIONS_MESSAGES.loading}
            error={INVITATIONS_MESSAGES.loadFailed}
            empty={<EmptyState title={INVITATIONS_MESSAGES.empty[status]} />}
            render={(list) => (
              <ul className="space-y-3" aria-label={`${status} invitations`}>
                {list.map((invitation) => (
                  <InvitationRow
                    key={invitation.id}
                    invitation={invitation}
                    busy={change.isPending && change.variables.id === invitation.id ? change.variables.action : null}
                    onAction={handleAction}
                  />
                ))}
              </ul>
            )}
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}
