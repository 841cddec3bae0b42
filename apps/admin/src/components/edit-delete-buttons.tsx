import { Button, Group } from '@mantine/core';

/** Edit and Delete for one row of a settings list, named for screen readers ("Edit Standard"). */
export function EditDeleteButtons({
  name,
  onEdit,
  onDelete,
}: {
  /** What the row is called, after "Edit" and "Delete". */
  name: string;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="compact-sm" variant="subtle" aria-label={`Edit ${name}`} onClick={onEdit}>
        Edit
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        aria-label={`Delete ${name}`}
        onClick={() => void onDelete()}
      >
        Delete
      </Button>
    </Group>
  );
}
