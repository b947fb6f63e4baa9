import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { prepareRawStatement, sqlInteger } from '../../db/prepared';
import { preparedPerPageSize } from '../../db/prepared-pages';
import { mentorProfiles, mentorships, mentorTopics, users } from '../../db/schema/index';
import type { LoadPosition } from '../../lib/pagination';
import { type Viewer } from '../settings/visibility';
import { personFieldsForViewerOnce, type UserSummarySqlRow } from '../users/index';

/** The viewer's open mentorship with a listed mentor (a name of its own: the privacy rules read mentorships too). */
const myRequest = alias(mentorships, 'my_request');

/** The card is listed: a mentor, accepting, with a free place. */
export const openMentorSql = sql`${mentorProfiles.isMentor} and ${mentorProfiles.accepting} and ${mentorProfiles.activeCount} < ${mentorProfiles.capacity}`;

/**
 * Which mentors a page lists: those offering one topic (byTopic), the open ones that do not
 * (otherThanTopic: the second part of "topic matches first"), or every open one; with or without
 * the name box.
 */
export type MentorPageKind = { byTopic: boolean; otherThanTopic?: boolean; byName: boolean };

/** A listed mentor as mentorPageQuery answers it: the person, the card and the viewer's open mentorship with them. */
export type MentorSqlRow = UserSummarySqlRow & {
  id: number;
  company: string;
  job_title: string;
  topics: string[];
  capacity: number;
  active_count: number;
  about: string;
  /** The viewer's pending or active mentorship with the mentor (mentorships_open_pair_idx keeps at most one), or null. */
  my_request_id: number | null;
  my_request_status: string | null;
};

/**
 * A page of `take` open mentors (accepting, with a free place), least loaded first, after a
 * (load, id) position, visible to the viewer, not the viewer, as raw SQL with placeholders
 * (viewerId, seesEveryone, topicKey, nameLike, afterLoad, afterId) so it is prepared once per kind
 * and page size, its page size written into the text (decision 006). Served by
 * mentor_profiles_open_idx in order, or with a topic by mentor_topics_list_idx in order (both
 * stop after a page unless the name filter drops many). The people it lists are visible to the
 * viewer, so only the e-mail's and the company's own audiences are applied to their fields. Each
 * row carries the viewer's open mentorship with the mentor (the viewer's own mentorships read once
 * by mentorships_mentee_created_idx, or mentorships_open_pair_idx per mentor), and its columns are the contract's names, so the rows skip drizzle's mapping (as the feed's).
 */
export function mentorPageQuery(kind: MentorPageKind, take: number): SQL {
  const viewerId = sql.placeholder('viewerId');
  const seesEveryone = sql.placeholder('seesEveryone');
  const topicKey = sql`${sql.placeholder('topicKey')}::text`;
  const load = kind.byTopic ? mentorTopics.activeCount : mentorProfiles.activeCount;
  const person = kind.byTopic ? mentorTopics.userId : mentorProfiles.userId;
  // The mentor's settings row read once for the listing rule, the e-mail and the company, by a probe
  // per mentor so that the walk keeps its index order (decision 066).
  const mentor = personFieldsForViewerOnce(viewerId, seesEveryone, users, 'mentor_rules', ['email', 'company'], { apart: true });
  const conditions: SQL[] = [
    // mentor_topics holds open mentors only (syncMentorTopics).
    kind.byTopic ? sql`${mentorTopics.topicKey} = ${topicKey}` : openMentorSql,
    sql`${person} <> ${viewerId}::integer`,
    sql`${users.isActive}`,
    sql`${users.emailVerifiedAt} is not null`,
    mentor.visible,
    sql`(${load}, ${person}) > (${sql.placeholder('afterLoad')}::integer, ${sql.placeholder('afterId')}::integer)`,
  ];
  if (kind.otherThanTopic) conditions.push(sql`not (${topicKey} = any(${mentorProfiles.topicKeys}))`);
  if (kind.byName) {
    const nameLike = sql`${sql.placeholder('nameLike')}::text`;
    conditions.push(
      sql`(lower(${users.firstName} || ' ' || ${users.lastName}) like ${nameLike} or lower(${users.username}) like ${nameLike})`,
    );
  }
  const from = kind.byTopic
    ? sql`${mentorTopics} inner join ${mentorProfiles} on ${mentorProfiles.userId} = ${mentorTopics.userId}`
    : sql`${mentorProfiles}`;
  return sql`
    select ${users.id} as id, ${users.username} as username, ${mentor.field('email')} as email,
      ${users.firstName} as first_name, ${users.lastName} as last_name, ${users.handle} as handle, ${users.role} as role,
      ${users.image} as image, ${mentor.field('company')} as company, ${users.jobTitle} as job_title,
      ${mentorProfiles.topics} as topics, ${mentorProfiles.capacity} as capacity, ${mentorProfiles.activeCount} as active_count,
      ${mentorProfiles.about} as about, ${myRequest.id} as my_request_id, ${myRequest.status} as my_request_status
    from ${from}
      inner join ${users} on ${users.id} = ${person}
      ${mentor.join}
      left join ${mentorships} ${myRequest} on ${myRequest.mentorId} = ${person} and ${myRequest.menteeId} = ${viewerId}::integer
        and ${myRequest.status} in ('pending', 'active')
    where ${sql.join(conditions, sql` and `)}
    order by ${load}, ${person}
    limit ${sqlInteger(take)}`;
}

/** Position in the mentors list: load (active mentees) then person id, ascending. */
export type MentorCursor = LoadPosition;

/** Before every mentor: loads are never negative (mentor_profiles_active_count_check). */
const FIRST_PAGE: MentorCursor = { load: -1, id: 0 };

export type MentorSearch = {
  viewer: Viewer;
  topicKey?: string;
  /** With topicKey: the open mentors who do not offer it, instead of those who do. */
  otherThanTopic?: boolean;
  nameLike?: string;
  after?: MentorCursor;
  take: number;
};

/** The placeholders of mentorPageQuery for a search (its page size is mentorPageQuery's `take`). */
export function mentorPageParams(search: MentorSearch) {
  const after = search.after ?? FIRST_PAGE;
  return {
    viewerId: search.viewer.id,
    seesEveryone: search.viewer.role === 'AD',
    topicKey: search.topicKey ?? '',
    nameLike: search.nameLike ?? '',
    afterLoad: after.load,
    afterId: after.id,
  };
}

/** The kind of page a search reads (mentorPageQuery). */
export function mentorPageKindOf(search: MentorSearch): MentorPageKind {
  const byTopic = search.topicKey !== undefined && !search.otherThanTopic;
  return { byTopic, otherThanTopic: search.topicKey !== undefined && !byTopic, byName: search.nameLike !== undefined };
}

/** One prepared statement per kind and page size, made on first use (page sizes are bounded by LIMITS.pageMax). */
export function prepareMentorPageStatements(db: Database) {
  const kinds = new Map<string, (take: number) => ReturnType<typeof prepareRawStatement<MentorSqlRow>>>();
  return (kind: MentorPageKind, take: number) => {
    const subset = kind.byTopic ? 'topic' : kind.otherThanTopic ? 'other' : 'all';
    const name = `mentors_${subset}${kind.byName ? '_name' : ''}_page`;
    let perSize = kinds.get(name);
    if (!perSize) {
      perSize = preparedPerPageSize(name, (size, sizedName) =>
        prepareRawStatement<MentorSqlRow>(db, sizedName, mentorPageQuery(kind, size)),
      );
      kinds.set(name, perSize);
    }
    return perSize(take);
  };
}
