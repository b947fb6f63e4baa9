import type { DigestFrequency, RunDigestsResponse } from '@alumlink/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../app-context';
import { users } from '../../../db/schema/index';
import type { AuthUser } from '../../../lib/auth';
import { forbidden } from '../../../lib/errors';
import { writeAuditLog } from '../../audit-log/index';
import { runDigests } from './digest.service';

/** POST /api/admin/digests/run/: an administrator sends the due digests now; written to the audit log. */
export async function runDigestsNow(
  ctx: Pick<AppContext, 'db' | 'config' | 'transaction'>,
  admin: AuthUser,
  frequency: DigestFrequency,
): Promise<RunDigestsResponse> {
  const [actor] = await ctx.db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, admin.id))
    .limit(1);
  // authenticate just found this person; gone now means deleted meanwhile.
  if (!actor) throw forbidden();
  const report = await runDigests(ctx, frequency);
  await writeAuditLog(ctx.db, {
    actor,
    action: 'digest.run',
    target: { type: 'digest', id: null, label: `${frequency} digest of ${report.periodStart.toISOString()}` },
    details: { frequency, sent: report.sent, period_start: report.periodStart.toISOString() },
  });
  return { sent: report.sent };
}
