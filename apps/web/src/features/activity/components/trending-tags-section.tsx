import { Hash } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { tagHref } from '@/config/paths';
import { useTrendingTags } from '../api/get-trending-tags';
import { LoadingRows, PanelSection } from './panel-section';

/** The What's New panel's trending hashtags: the top 10 of the last 7 days, each a link to its page. */
export function TrendingTagsSection() {
  const tags = useTrendingTags();
  useEffect(() => {
    if (tags.error) console.warn("What's New: trending tags failed to load", tags.error);
  }, [tags.error]);

  return (
    <PanelSection title="Trending tags" icon={<Hash aria-hidden="true" className="size-4 text-accent-fg" />}>
      {tags.isPending ? <LoadingRows /> : null}
      {tags.isError ? <p className="text-sm text-fg-muted">Trending tags are unavailable right now.</p> : null}
      {tags.data?.length === 0 ? <p className="text-sm text-fg-muted">No tags this week.</p> : null}
      {tags.data && tags.data.length > 0 ? (
        <ul aria-label="Trending tags" className="flex flex-wrap gap-2">
          {tags.data.map(({ tag, count }) => (
            <li key={tag}>
              <Link
                to={tagHref(tag)}
                className="inline-flex items-center gap-1 rounded-full bg-primary-soft px-3 py-1 text-sm font-medium text-primary-soft-fg hover:underline focus-visible:outline-2 focus-visible:outline-ring"
              >
                #{tag}
                <span aria-hidden="true" className="text-xs opacity-75">
                  {count}
                </span>
                {/* The name reads "#tag, 3 posts this week" and starts with the visible text. */}
                <span className="sr-only">{`, ${count} ${count === 1 ? 'post' : 'posts'} this week`}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </PanelSection>
  );
}
