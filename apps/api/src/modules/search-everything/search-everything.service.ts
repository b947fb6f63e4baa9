import { SEARCH_KINDS, type SearchEverythingQuery, type SearchEverythingResult, type SearchHit, type SearchKind } from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../lib/auth';
import { validation } from '../../lib/errors';
import { decodeRankCursor, encodeRankCursor } from '../../lib/pagination';
import type { SearchHitRow } from './search-everything.repository';
import { splitSearchText } from './search-sources';

/** A page of one kind. */
export const SEARCH_PAGE_SIZE = 20;
/** Per kind in a mixed answer (the top bar's grouped list). */
export const SEARCH_MIXED_PER_KIND = 3;

/** Where the web app shows each kind of hit. */
function urlOf(kind: SearchKind, row: SearchHitRow): string {
  switch (kind) {
    case 'people':
      return `/user/profile/${row.id}`;
    case 'posts':
      return `/user/profile/${row.path_key}#post-${row.id}`;
    case 'jobs':
      return `/user/jobs#job-${row.id}`;
    case 'events':
      return `/user/events#event-${row.id}`;
    case 'communities':
      return `/communities#${encodeURIComponent(row.path_key)}`;
  }
}

const toHit =
  (kind: SearchKind) =>
  (row: SearchHitRow): SearchHit => ({
    type: kind,
    id: row.id,
    title: row.title,
    snippet: row.snippet,
    url: urlOf(kind, row),
  });

/**
 * GET /api/search/: with a type, one kind best first, cursor-paginated by (rank, id); without, up
 * to SEARCH_MIXED_PER_KIND of each kind grouped in SEARCH_KINDS order (no cursor: each group
 * continues on its own page). Each kind applies the visibility rule of its own list.
 */
export async function searchEverything(
  ctx: AppContext,
  viewer: AuthUser,
  query: Pick<SearchEverythingQuery, 'q' | 'type' | 'cursor'>,
): Promise<SearchEverythingResult> {
  const text = splitSearchText(query.q);
  if (query.type === undefined) {
    if (query.cursor !== undefined) throw validation({ cursor: ['A cursor continues one type: give type as well.'] });
    const groups = await ctx.repositories.searchEverything.searchKinds(SEARCH_KINDS, { viewer, text, take: SEARCH_MIXED_PER_KIND });
    return { results: SEARCH_KINDS.flatMap((kind) => (groups.get(kind) ?? []).map(toHit(kind))), next: null };
  }
  const kind = query.type;
  const after = query.cursor === undefined ? undefined : decodeRankCursor(query.cursor);
  const rows =
    (await ctx.repositories.searchEverything.searchKinds([kind], { viewer, text, after, take: SEARCH_PAGE_SIZE + 1 })).get(kind) ?? [];
  const page = rows.slice(0, SEARCH_PAGE_SIZE);
  const last = page.at(-1);
  const next = rows.length > SEARCH_PAGE_SIZE && last ? encodeRankCursor({ rank: last.rank, id: last.id }) : null;
  return { results: page.map(toHit(kind)), next };
}
