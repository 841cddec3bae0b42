import { Button, Group, Text } from '@mantine/core';

interface SaveBarProps {
  dirty: boolean;
  saving: boolean;
  onDiscard: () => void;
  submitLabel: string;
}

/**
 * The end of a long settings form: Save, off until something changed; once it has, the bar sticks
 * to the bottom of the window with "Unsaved changes" and Discard, so Save is in reach wherever the
 * person is in the form.
 */
export function SaveBar({ dirty, saving, onDiscard, submitLabel }: SaveBarProps) {
  return (
    <Group
      justify="flex-end"
      pos={dirty ? 'sticky' : undefined}
      bottom={0}
      py="sm"
      bg="var(--mantine-color-body)"
      style={dirty ? { borderTop: '1px solid var(--mantine-color-default-border)', zIndex: 2 } : undefined}
      data-testid="save-bar"
    >
      {dirty && (
        <Text size="sm" c="dimmed" mr="auto">
          Unsaved changes
        </Text>
      )}
      {dirty && (
        <Button variant="default" onClick={onDiscard}>
          Discard
        </Button>
      )}
      <Button type="submit" loading={saving} disabled={!dirty}>
        {submitLabel}
      </Button>
    </Group>
  );
}
