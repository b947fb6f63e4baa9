import { SEARCH_KINDS, searchKindSchema, type SearchHit, type SearchKind } from '@alumlink/contract';
import { Search } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Button, EmptyState, ErrorState, PageHeader, Skeleton, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui';
import { useSearchEverything, useSearchKind } from '../api/search-everything';
import { SEARCH_KIND_LABELS, SearchHitLink } from '../components/search-hit';

const ALL = 'all';

/** /user/search?q=&type=: everything that matches, a tab per kind. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const parsedType = searchKindSchema.safeParse(params.get('type'));
  const tab = parsedType.success ? parsedType.data : ALL;

  const chooseTab = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === ALL) next.delete('type');
    else next.set('type', value);
    setParams(next, { replace: true });
  };

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <PageHeader title={q ? <>Results for “{q}”</> : 'Search'} />
      {q === '' ? (
        <EmptyState
          icon={<Search aria-hidden="true" className="size-6" />}
          title="Search for anything"
          description="Type in the search box at the top: people, posts, jobs, events and communities."
        />
      ) : (
        <Tabs value={tab} onValueChange={chooseTab}>
          <TabsList aria-label="Kinds of results">
            <TabsTrigger value={ALL}>All</TabsTrigger>
            {SEARCH_KINDS.map((kind) => (
              <TabsTrigger key={kind} value={kind}>
                {SEARCH_KIND_LABELS[kind].label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value={ALL}>{tab === ALL ? <AllResults q={q} onMore={chooseTab} /> : null}</TabsContent>
          {SEARCH_KINDS.map((kind) => (
            <TabsContent key={kind} value={kind}>
              {tab === kind ? <KindResults q={q} kind={kind} /> : null}
            </TabsContent>
          ))}
        </Tabs>
      )}
    </div>
  );
}

function ResultsSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading results" className="space-y-3">
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} className="h-16 w-full" />
      ))}
    </div>
  );
}

function NoResults({ q, kind }: { q: string; kind?: SearchKind }) {
  return (
    <EmptyState
      title={kind ? `No ${SEARCH_KIND_LABELS[kind].label.toLowerCase()} match “${q}”` : `Nothing matches “${q}”`}
      description="Try other words, or fewer of them. Quotes find an exact phrase; a minus sign leaves a word out."
    />
  );
}

/** A few of each kind, grouped, each group with a link to its tab. */
function AllResults({ q, onMore }: { q: string; onMore: (kind: SearchKind) => void }) {
  const search = useSearchEverything(q);
  if (search.isPending) return <ResultsSkeleton />;
  if (search.isError) return <ErrorState message="Search is unavailable right now." onRetry={() => void search.refetch()} />;
  if (search.data.results.length === 0) return <NoResults q={q} />;
  const groups = SEARCH_KINDS.map((kind) => ({ kind, hits: search.data.results.filter((hit) => hit.type === kind) })).filter(
    (group) => group.hits.length > 0,
  );
  return (
    <div className="space-y-6">
      {groups.map(({ kind, hits }) => (
        <section
          key={kind}
          aria-labelledby={`search-group-${kind}`}
          className="rounded-(--radius-card) border border-border bg-surface p-2"
        >
          <div className="flex items-center justify-between px-4 pt-2">
            <h2 id={`search-group-${kind}`} className="text-sm font-semibold text-fg">
              {SEARCH_KIND_LABELS[kind].label}
            </h2>
            <Button variant="ghost" size="sm" onClick={() => onMore(kind)}>
              All {SEARCH_KIND_LABELS[kind].label.toLowerCase()}
            </Button>
          </div>
          <HitList hits={hits} label={SEARCH_KIND_LABELS[kind].label} />
        </section>
      ))}
    </div>
  );
}

function HitList({ hits, label }: { hits: SearchHit[]; label: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-border">
      {hits.map((hit) => (
        <li key={`${hit.type}-${hit.id}`}>
          <SearchHitLink hit={hit} />
        </li>
      ))}
    </ul>
  );
}

/** One kind's matches, best first, with "Show more" for the next page. */
function KindResults({ q, kind }: { q: string; kind: SearchKind }) {
  const search = useSearchKind(q, kind);
  if (search.isPending) return <ResultsSkeleton />;
  if (search.isError) return <ErrorState message="Search is unavailable right now." onRetry={() => void search.refetch()} />;
  const hits = search.data.pages.flatMap((page) => page.results);
  if (hits.length === 0) return <NoResults q={q} kind={kind} />;
  return (
    <div className="space-y-4">
      <div className="rounded-(--radius-card) border border-border bg-surface p-2">
        <HitList hits={hits} label={SEARCH_KIND_LABELS[kind].label} />
      </div>
      {search.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => void search.fetchNextPage()} disabled={search.isFetchingNextPage}>
            {search.isFetchingNextPage ? 'Loading…' : 'Show more'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
