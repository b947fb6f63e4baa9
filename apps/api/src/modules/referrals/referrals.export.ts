import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { referralRequestEvents, referralRequests, referrals, type ReferralRequestRow } from '../../db/schema/index';
import { EXPORT_PAGE_SIZE, iso, keyset, ownRowsSection, type ExportSection } from '../../lib/data-export/section';

/** referrals.json: the referral offers the person (an alumnus) made. */
export const referralOffersExport = ownRowsSection({
  file: 'referrals.json',
  table: referrals,
  owner: referrals.alumniId,
  key: 'id',
  present: (row) => ({
    id: row.id,
    company: row.company,
    role: row.role,
    ctc: Number(row.ctc),
    location: row.location,
    requirements: row.requirements,
    status: row.status,
    created_at: iso(row.createdAt),
    closed_at: iso(row.closedAt),
  }),
});

type RequestWithOffer = {
  request: ReferralRequestRow;
  offer: { id: number; company: string; role: string; location: string; ownerId: number | null };
};

/**
 * referral-requests.json: the requests the person made on others' offers (DESIGN 8.2), each with
 * the offer it was for, the message and CV link sent, and its whole history, oldest first. Who
 * moved it is said as "me", "offer owner" or "system" (the owner's id is not the person's data).
 */
export const referralRequestsExport: ExportSection = {
  file: 'referral-requests.json',
  tables: ['referral_requests.requester_id'],
  kind: 'list',
  collect: async function* (db, personId) {
    const pages = keyset(
      (after) =>
        db
          .select({
            request: referralRequests,
            offer: {
              id: referrals.id,
              company: referrals.company,
              role: referrals.role,
              location: referrals.location,
              ownerId: referrals.alumniId,
            },
          })
          .from(referralRequests)
          .innerJoin(referrals, eq(referrals.id, referralRequests.referralId))
          .where(and(eq(referralRequests.requesterId, personId), gt(referralRequests.id, after)))
          .orderBy(asc(referralRequests.id))
          .limit(EXPORT_PAGE_SIZE),
      (row) => row.request.id,
    );
    // History is read per page of requests (one query for up to EXPORT_PAGE_SIZE requests).
    let batch: RequestWithOffer[] = [];
    const flush = async function* () {
      if (batch.length === 0) return;
      const history = await db
        .select()
        .from(referralRequestEvents)
        .where(
          inArray(
            referralRequestEvents.requestId,
            batch.map((row) => row.request.id),
          ),
        )
        .orderBy(asc(referralRequestEvents.requestId), asc(referralRequestEvents.createdAt), asc(referralRequestEvents.id));
      for (const { request, offer } of batch) {
        yield {
          id: request.id,
          offer: { id: offer.id, company: offer.company, role: offer.role, location: offer.location },
          message: request.message,
          resume_url: request.resumeUrl,
          status: request.status,
          created_at: iso(request.createdAt),
          updated_at: iso(request.updatedAt),
          referred_at: iso(request.referredAt),
          history: history
            .filter((entry) => entry.requestId === request.id)
            .map((entry) => ({
              status: entry.status,
              note: entry.note,
              at: iso(entry.createdAt),
              by:
                entry.actorId === null
                  ? 'system'
                  : entry.actorId === personId
                    ? 'me'
                    : entry.actorId === offer.ownerId
                      ? 'offer owner'
                      : 'admin',
            })),
        };
      }
      batch = [];
    };
    for await (const row of pages) {
      batch.push(row);
      if (batch.length >= EXPORT_PAGE_SIZE) yield* flush();
    }
    yield* flush();
  },
};
