import type { Database } from '../../db/client';
import { prepareRawStatement, prepareRawValuesStatement } from '../../db/prepared';
import { preparedPerPageSize } from '../../db/prepared-pages';
import { beforeParams, type CursorPosition } from '../../lib/pagination';
import type { Viewer } from '../settings/visibility';
import { referralBoardPageQuery, type ReferralBoardSqlRow } from './referral-board.sql';
import { referralRequestsPageQuery, type ReferralRequestSqlRow, type RequestsBy } from './referral-request-page.sql';
import { openReferralsPageQuery, type ReferralSqlRow } from './referral-offers.sql';

type Page = { viewer: Viewer; before?: CursorPosition; take: number };

const viewerParams = ({ viewer, before }: Page) => ({ viewerId: viewer.id, seesEveryone: viewer.role === 'AD', ...beforeParams(before) });

/**
 * The referral board's reads as prepared statements with generic plans (`ctx.repositories.referrals`):
 * the open offers, one offer with its requests (its owner's board), the requests on all offers of
 * one alumnus (the "All offers" board) and one person's requests. Each was a
 * query built by drizzle and planned by PostgreSQL on every call (issue #44: an empty "my
 * requests" cost four feed pages).
 */
export function createReferralsRepository(db: Database) {
  const requestPagesBy = (by: RequestsBy, name: string) =>
    preparedPerPageSize(name, (take, sizedName) =>
      prepareRawStatement<ReferralRequestSqlRow>(db, sizedName, referralRequestsPageQuery(by, take)),
    );
  const requestPages = {
    requester: requestPagesBy('requester', 'referral_requests_of_person'),
    owner: requestPagesBy('owner', 'referral_requests_of_owner'),
  };
  const openOffers = preparedPerPageSize('referrals_open_page', (take, name) =>
    prepareRawStatement<ReferralSqlRow>(db, name, openReferralsPageQuery(take)),
  );
  const boards = preparedPerPageSize('referral_board_page', (take, name) =>
    prepareRawValuesStatement<ReferralBoardSqlRow>(db, name, referralBoardPageQuery(take)),
  );
  return {
    /** A page of one person's requests (`by` requester) or an alumnus's offers' (`by` owner), newest first. */
    requests(by: RequestsBy, id: number, page: Page): Promise<ReferralRequestSqlRow[]> {
      return requestPages[by](page.take).execute({ id, ...viewerParams(page) });
    },
    /** A page of the open offers, newest first. */
    openOffers(page: Page): Promise<ReferralSqlRow[]> {
      return openOffers(page.take).execute(viewerParams(page));
    },
    /**
     * An offer with a page of its requests (its owner's board), in one statement, each row as its
     * values (ReferralBoardSqlRow): no row when there is no such offer, else the offer's row and a
     * row per request (none when the page is empty or the viewer may not list the offer's
     * requests), in no promised order (presentBoard).
     */
    board(id: number, page: Page): Promise<ReferralBoardSqlRow[]> {
      return boards(page.take).execute({ id, ...viewerParams(page) });
    },
  };
}

export type ReferralsRepository = ReturnType<typeof createReferralsRepository>;
