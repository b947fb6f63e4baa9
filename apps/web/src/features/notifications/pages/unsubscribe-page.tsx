import { NOTIFICATION_CATEGORY_LABELS, type UnsubscribeInfo } from '@alumlink/contract';
import { Link, useSearchParams } from 'react-router';
import { Button, Card, ErrorState, FormMessage, Spinner } from '@/components/ui';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useUnsubscribe, useUnsubscribeInfo } from '../api/unsubscribe';

export const UNSUBSCRIBE_TEXTS = {
  invalid: 'This unsubscribe link is not valid.',
  loadFailed: 'Failed to load this link. Please try again.',
  failed: 'Failed to unsubscribe. Please try again.',
} as const;

const listOf = (info: UnsubscribeInfo) =>
  info.categories.map((category) => NOTIFICATION_CATEGORY_LABELS[category].toLowerCase()).join(', ');

/**
 * /unsubscribe?token=: the page an e-mail's unsubscribe link opens, without signing in. Opening
 * it changes nothing (mail scanners open links); the button does it.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const info = useUnsubscribeInfo(token);
  const unsubscribe = useUnsubscribe(token);

  let body;
  if (token === '' || (info.isError && isApiError(info.error) && info.error.status === 400)) {
    body = <ErrorState message={UNSUBSCRIBE_TEXTS.invalid} />;
  } else if (info.isPending) {
    body = (
      <div className="flex justify-center py-10 text-primary">
        <Spinner size="lg" label="Loading" />
      </div>
    );
  } else if (info.isError) {
    body = <ErrorState message={UNSUBSCRIBE_TEXTS.loadFailed} onRetry={() => void info.refetch()} />;
  } else if (info.data.unsubscribed) {
    body = (
      <FormMessage tone="success">
        {`Done: ${info.data.email} no longer receives e-mails about ${listOf(info.data)}. Notifications in the app are unchanged.`}
      </FormMessage>
    );
  } else {
    body = (
      <div className="space-y-4">
        <p className="text-sm text-fg">
          {`Stop e-mails about ${listOf(info.data)} to ${info.data.email}? Notifications in the app are unchanged.`}
        </p>
        {unsubscribe.isError ? <FormMessage tone="error">{UNSUBSCRIBE_TEXTS.failed}</FormMessage> : null}
        <Button onClick={() => unsubscribe.mutate()} loading={unsubscribe.isPending}>
          Unsubscribe
        </Button>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <Card className="space-y-4 p-6">
        <h1 className="text-xl font-bold tracking-tight text-fg">Unsubscribe</h1>
        {body}
        <p className="text-sm text-fg-muted">
          You can choose every type of notification in{' '}
          <Link to={paths.user.notificationSettings} className="font-medium text-accent-fg hover:underline">
            Settings → Notifications
          </Link>
          .
        </p>
      </Card>
    </div>
  );
}
