import { Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormErrors } from './form-errors';

export interface ViewNameValues {
  name: string;
  shared: boolean;
}

type Problems = readonly { field?: readonly string[] | null; message: string }[];

/**
 * A view's name (and, for who may, "Share with all staff"): for Save as view, Rename and Duplicate
 * as private. `onSubmit` answers the problems to show, or none when it saved.
 */
export function ViewNameModal({
  title,
  submitLabel,
  initial,
  canShare,
  onSubmit,
  onClose,
}: {
  title: string;
  submitLabel: string;
  initial: ViewNameValues;
  /** Show the share checkbox (VIEWS_MANAGE). */
  canShare: boolean;
  onSubmit: (values: ViewNameValues) => Promise<Problems>;
  onClose: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [problems, setProblems] = useState<Problems>([]);
  const nameProblem = problems.find((p) => p.field?.[1] === 'name')?.message;
  const others = problems.filter((p) => p.field?.[1] !== 'name').map((p) => p.message);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const found = await onSubmit({ ...values, name: values.name.trim() });
      setProblems(found);
      if (!found.length) onClose();
    } catch (error) {
      setProblems([{ message: error instanceof Error ? error.message : String(error) }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={title} size="sm">
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={title}>
        <Stack gap="sm">
          <FormErrors messages={others} />
          <TextInput
            label="Name"
            data-autofocus
            maxLength={60}
            value={values.name}
            onChange={(e) => setValues({ ...values, name: e.currentTarget.value })}
            error={nameProblem}
          />
          {canShare && (
            <Checkbox
              label="Share with all staff"
              description="Everyone sees it as a tab; only staff who manage shared views can change it."
              checked={values.shared}
              onChange={(e) => setValues({ ...values, shared: e.currentTarget.checked })}
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
