import { Button, Group } from '@mantine/core';

interface FormActionsProps {
  submitLabel: string;
  saving: boolean;
  /** Shows a Cancel button (in a dialog, or to leave). */
  onCancel?: () => void;
  /** Save is off until something changed. */
  disabled?: boolean;
}

/** Cancel and the submit button, at the end of a form. */
export function FormActions({ submitLabel, saving, onCancel, disabled }: FormActionsProps) {
  return (
    <Group justify="flex-end">
      {onCancel && (
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      )}
      <Button type="submit" loading={saving} disabled={disabled}>
        {submitLabel}
      </Button>
    </Group>
  );
}
