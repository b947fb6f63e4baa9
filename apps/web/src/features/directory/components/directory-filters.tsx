import { ROLES, roleLabel, type DirectoryFacets, type DirectoryFilters } from '@alumlink/contract';
import { useState, type KeyboardEvent } from 'react';
import { Button, Checkbox, Field, Input, Select } from '@/components/ui';

type SelectFacet = 'role' | 'cohort_year' | 'company' | 'skill' | 'location';

const FACET_LABELS: Record<SelectFacet, string> = {
  role: 'Role',
  cohort_year: 'Cohort year',
  company: 'Company',
  skill: 'Skill',
  location: 'Location',
};
const FACET_ORDER: SelectFacet[] = ['role', 'cohort_year', 'company', 'skill', 'location'];
/** Free-text facets: the list offers the top 20 values, any other is typed (the API matches it whole, any case). */
const TYPED_FACETS: ReadonlySet<SelectFacet> = new Set(['company', 'skill', 'location']);

export interface DirectoryFiltersProps {
  filters: DirectoryFilters;
  facets: DirectoryFacets | undefined;
  onChange: (changes: Partial<DirectoryFilters>) => void;
  /** Shows "Clear filters" at the end (the phone sheet; the wide page has it beside the chips). */
  onClear?: () => void;
  /** Distinguishes the ids of the sidebar and the phone sheet (both may be mounted). */
  idPrefix: string;
}

/** The facet's options: its top values with counts, plus the chosen value when it is not among them. */
function optionsOf(facet: SelectFacet, facets: DirectoryFacets | undefined, chosen: string | undefined) {
  const counted = (facets?.[facet] ?? []).map((item) => ({ value: String(item.value), count: item.count as number | null }));
  if (facet === 'role' && facets === undefined) return ROLES.map((role) => ({ value: role, count: null, label: roleLabel(role) }));
  const options = counted.map((item) => ({ ...item, label: facet === 'role' ? roleLabel(item.value) : item.value }));
  if (chosen !== undefined && !options.some((option) => option.value.toLowerCase() === chosen.toLowerCase())) {
    options.unshift({ value: chosen, count: 0, label: facet === 'role' ? roleLabel(chosen) : chosen });
  }
  return options;
}

/** Filter controls of the directory; every value shows how many people it would list. */
export function DirectoryFilterControls({ filters, facets, onChange, onClear, idPrefix }: DirectoryFiltersProps) {
  return (
    <div className="space-y-4">
      {FACET_ORDER.map((facet) => {
        const chosen = filters[facet] === undefined ? undefined : String(filters[facet]);
        const options = optionsOf(facet, facets, chosen);
        const selected = options.find((option) => option.value.toLowerCase() === chosen?.toLowerCase())?.value ?? '';
        return (
          <div key={facet}>
            <Field label={FACET_LABELS[facet]} id={`${idPrefix}-${facet}`}>
              <Select
                value={selected}
                onChange={(event) => {
                  const value = event.target.value;
                  onChange({ [facet]: value === '' ? undefined : facet === 'cohort_year' ? Number(value) : value });
                }}
              >
                <option value="">Any</option>
                {options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.count === null ? option.label : `${option.label} (${option.count})`}
                  </option>
                ))}
              </Select>
            </Field>
            {TYPED_FACETS.has(facet) && (
              <TypedValue label={`Another ${FACET_LABELS[facet].toLowerCase()}`} onApply={(value) => onChange({ [facet]: value })} />
            )}
          </div>
        );
      })}
      <div className="flex items-center gap-2.5">
        <Checkbox
          id={`${idPrefix}-open`}
          checked={filters.open_to_referrals === true}
          onChange={(event) => onChange({ open_to_referrals: event.target.checked ? true : undefined })}
        />
        <label htmlFor={`${idPrefix}-open`} className="text-sm font-medium text-fg">
          Open to referrals
        </label>
      </div>
      {onClear ? (
        <Button variant="ghost" size="sm" onClick={onClear}>
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}

/** A value that is not among the top ones, applied on Enter (and then cleared: the list shows it as chosen). */
function TypedValue({ label, onApply }: { label: string; onApply: (value: string) => void }) {
  const [text, setText] = useState('');
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const value = text.trim().replace(/\s+/g, ' ');
    if (value === '') return;
    onApply(value);
    setText('');
  };
  return (
    <Input
      aria-label={label}
      placeholder={`${label}…`}
      enterKeyHint="search"
      maxLength={100}
      className="mt-2"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={handleKeyDown}
    />
  );
}
