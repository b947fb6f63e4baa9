import { X } from 'lucide-react';
import { roleLabel, type DirectoryFacets, type DirectoryFilters } from '@alumlink/contract';
import { Button } from '@/components/ui';
import { formatCount } from '@/lib/format';
import { FILTER_PARAMS } from '../filters';

type FilterName = (typeof FILTER_PARAMS)[number];

const CHIP_LABELS: Record<FilterName, string> = {
  q: 'Name',
  role: 'Role',
  cohort_year: 'Cohort',
  company: 'Company',
  skill: 'Skill',
  location: 'Location',
  open_to_referrals: 'Open to referrals',
};

/** The chip's words: "Company: Acme"; the referral switch says itself. */
function chipText(name: FilterName, filters: DirectoryFilters): string {
  if (name === 'open_to_referrals') return filters.open_to_referrals ? CHIP_LABELS[name] : 'Not open to referrals';
  const value = name === 'role' && filters.role ? roleLabel(filters.role) : String(filters[name]);
  return `${CHIP_LABELS[name]}: ${value}`;
}

/**
 * How many people the filters list. The role facet counts every filter but the role, so its
 * values add up to the list (or, with a role chosen, that role's count is the list).
 */
export function directoryTotal(facets: DirectoryFacets | undefined, filters: DirectoryFilters): number | undefined {
  if (!facets) return undefined;
  if (filters.role !== undefined) return facets.role.find((item) => item.value === filters.role)?.count ?? 0;
  return facets.role.reduce((sum, item) => sum + item.count, 0);
}

export function peopleCountText(total: number): string {
  return `${formatCount(total)} ${total === 1 ? 'person' : 'people'}`;
}

export interface ActiveFiltersProps {
  filters: DirectoryFilters;
  total: number | undefined;
  onRemove: (name: FilterName) => void;
  onClear: () => void;
}

/** The result count, then one removable chip per filter set (the name too) and "Clear filters". */
export function ActiveFilters({ filters, total, onRemove, onClear }: ActiveFiltersProps) {
  const active = FILTER_PARAMS.filter((name) => filters[name] !== undefined);
  return (
    <div className="flex min-h-8 flex-wrap items-center gap-2">
      <p role="status" className="mr-1 text-sm font-semibold text-fg">
        {total === undefined ? '' : peopleCountText(total)}
      </p>
      {active.length > 0 ? (
        <ul aria-label="Active filters" className="flex flex-wrap gap-2">
          {active.map((name) => {
            const text = chipText(name, filters);
            return (
              <li key={name}>
                <button
                  type="button"
                  onClick={() => onRemove(name)}
                  aria-label={`Remove filter ${text}`}
                  className="inline-flex h-8 max-w-[16rem] items-center gap-1.5 rounded-full bg-primary-soft pr-2 pl-3 text-sm font-medium text-primary-soft-fg ring-1 ring-primary/20 ring-inset hover:bg-primary-soft/80 focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <span className="truncate">{text}</span>
                  <X aria-hidden="true" className="size-3.5 shrink-0" />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {active.length > 0 ? (
        <Button variant="ghost" size="sm" onClick={onClear}>
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
