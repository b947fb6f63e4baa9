import { useQuery } from '@tanstack/react-query';
import type { Ref, SelectHTMLAttributes } from 'react';
import { Button, Select } from '@/components/ui';
import { communitiesQueryOptions } from '@/features/communities';

export type SpaceSelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  /** Loads the communities only while the form is open. */
  enabled: boolean;
};

/**
 * The community space an event belongs to ('' for the whole hub): the communities list, with its
 * loading, empty and error states. A members-only space's events reach its members alone.
 */
export function SpaceSelect({ enabled, disabled, ref, ...props }: SpaceSelectProps & { ref?: Ref<HTMLSelectElement> }) {
  const communities = useQuery({ ...communitiesQueryOptions(), enabled });
  if (communities.isError)
    return (
      <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-danger-fg">
        Could not load the spaces; the event is for the whole hub unless you try again.
        <Button type="button" size="sm" variant="secondary" onClick={() => void communities.refetch()}>
          Try again
        </Button>
      </div>
    );
  const list = communities.data ?? [];
  const loading = communities.isPending;
  // A new element once the options arrive: the form sets its stored value into it (a select
  // given a value before its option exists shows the first option).
  return (
    <Select key={loading ? 'loading' : 'loaded'} ref={ref} disabled={disabled || loading} aria-busy={loading} {...props}>
      <option value="">{loading ? 'Loading spaces…' : 'Whole hub (no space)'}</option>
      {list.map((community) => (
        <option key={community.id} value={String(community.id)}>
          {community.name}
          {community.visibility === 'members' ? ' (members only)' : ''}
        </option>
      ))}
    </Select>
  );
}
