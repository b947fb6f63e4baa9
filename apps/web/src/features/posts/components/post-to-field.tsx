import { useQuery } from '@tanstack/react-query';
import { Field, Select } from '@/components/ui';
import { communitiesQueryOptions } from '@/features/communities';

/** Where a new post goes: a space (id and name), or Everyone (id null). */
export type PostTo = { id: number | null; name: string };

const EVERYONE: PostTo = { id: null, name: 'Everyone' };

/** "Post to…": Everyone, or one of the communities the author is a member of (the server checks it too). */
export function PostToField({ value, onChange, disabled }: { value: PostTo | null; onChange: (to: PostTo) => void; disabled?: boolean }) {
  const communities = useQuery(communitiesQueryOptions());
  const mine = (communities.data ?? []).filter((community) => community.is_member);
  const current = value ?? EVERYONE;
  // The page's space stays offered while the list loads.
  const options = current.id !== null && !mine.some((community) => community.id === current.id) ? [current, ...mine] : mine;
  const hint = communities.isError ? 'Your communities could not be loaded; this post goes to everyone.' : undefined;

  return (
    <Field label="Post to" hint={hint}>
      <Select
        value={current.id === null ? '' : String(current.id)}
        disabled={disabled}
        onChange={(event) => {
          const id = event.target.value ? Number(event.target.value) : null;
          const chosen = options.find((option) => option.id === id);
          onChange(chosen ? { id: chosen.id, name: chosen.name } : EVERYONE);
        }}
      >
        <option value="">Everyone</option>
        {options.map((option) => (
          <option key={option.id} value={String(option.id)}>
            {option.name}
          </option>
        ))}
      </Select>
    </Field>
  );
}
