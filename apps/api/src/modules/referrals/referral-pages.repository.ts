import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { prepareRawStatement } from '../../db/prepared';
import { preparedPerPageSize } from '../../db/prepared-pages';
import { referrals } from '../../db/schema/index';
import { beforeParams, type CursorPosition } from '../../lib/pagination';
import type { Viewer } from '../settings/visibility';
import { referralRequestsPageQuery, type ReferralRequestSqlRow, type RequestsBy } from './referral-request-page.sql';
import { openReferralsPageQuery, type ReferralSqlRow } from './referral-offers.sql';

type Page = { viewer: Viewer; before?: CursorPosition; take: number };

const viewerParams = ({ viewer, before }: Page) => ({ viewerId: viewer.id, seesEveryone: viewer.role === 'AD', ...beforeParams(before) });

/**
 * The referral board's reads as prepared statements with generic plans (`ctx.repositories.referrals`):
 * the open offers, one offer's requests (its owner's board), the requests on all offers of one
 * alumnus (the "All offers" board) and one person's requests. Each was a
 * query built by drizzle and planned by PostgreSQL on every call (issue #44: an empty "my
 * requests" cost four feed pages).
 */
export function createReferralsRepository(db: Database) {
  const requestPagesBy = (by: RequestsBy, name: string) =>
    preparedPerPageSize(name, (take, sizedName) =>
      prepareRawStatement<ReferralRequestSqlRow>(db, sizedName, referralRequestsPageQuery(by, take)),
    );
  const requestPages = {
    referral: requestPagesBy('referral', 'referral_requests_of_offer'),
    requester: requestPagesBy('requester', 'referral_requests_of_person'),
    owner: requestPagesBy('owner', 'referral_requests_of_owner'),
  };
  const openOffers = preparedPerPageSize('referrals_open_page', (take, name) =>
    prepareRawStatement<ReferralSqlRow>(db, name, openReferralsPageQuery(take)),
  );
  const offer = db
    .select({ id: referrals.id, alumniId: referrals.alumniId, status: referrals.status, role: referrals.role, company: referrals.company })
    .from(referrals)
    .where(eq(referrals.id, sql.placeholder('id')))
    .limit(1)
    .prepare('referrals_find_offer');
  return {
    /** A page of one offer's requests (`by` referral), one person's (`by` requester) or an alumnus's offers' (`by` owner), newest first. */
    requests(by: RequestsBy, id: number, page: Page): Promise<ReferralRequestSqlRow[]> {
      return requestPages[by](page.take).execute({ id, ...viewerParams(page) });
    },
    /** A page of the open offers, newest first. */
    openOffers(page: Page): Promise<ReferralSqlRow[]> {
      return openOffers(page.take).execute(viewerParams(page));
    },
    /** An offer's owner, status and title (or null). */
    async findOffer(id: number): Promise<{ id: number; alumniId: number | null; status: string; role: string; company: string } | null> {
      const [row] = await offer.execute({ id });
      return row ?? null;
    },
  };
}

export type ReferralsRepository = ReturnType<typeof createReferralsRepository>;
