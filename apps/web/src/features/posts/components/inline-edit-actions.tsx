import { Button } from '@/components/ui';

/** Cancel and Save under an inline edit form (a post's caption, a comment). */
export function InlineEditActions({ pending, onCancel }: { pending: boolean; onCancel: () => void }) {
  return (
    <div className="flex justify-end gap-2">
      <Button type="button" variant="secondary" size="sm" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" size="sm" loading={pending}>
        Save
      </Button>
    </div>
  );
}
