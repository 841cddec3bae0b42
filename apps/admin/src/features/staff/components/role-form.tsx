import { Button, Checkbox, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { PERMISSION_DESCRIPTIONS, type Permission } from '@stockroom/domain';
import { useState, type FormEvent } from 'react';
import { FormErrors } from '../../../components/form-errors';
import { describeError } from '../../../lib/errors';
import { useSession } from '../../../lib/session-context';

export interface RoleValues {
  name: string;
  description: string;
  permissions: Permission[];
}

/** The permissions by area of the store, as a manager thinks of them. */
export const ROLE_AREAS: { label: string; permissions: Permission[] }[] = [
  { label: 'Catalog and stock', permissions: ['CATALOG_READ', 'CATALOG_WRITE', 'INVENTORY_WRITE'] },
  {
    label: 'Orders and payments',
    permissions: ['ORDERS_READ', 'ORDERS_WRITE', 'REFUNDS_WRITE', 'RETURNS_WRITE'],
  },
  { label: 'Customers', permissions: ['CUSTOMERS_READ', 'CUSTOMERS_WRITE', 'CUSTOMERS_ERASE'] },
  { label: 'Discounts', permissions: ['DISCOUNTS_READ', 'DISCOUNTS_WRITE'] },
  { label: 'Reports and data', permissions: ['REPORTS_READ', 'DATA_EXPORT', 'DATA_IMPORT'] },
  {
    label: 'Store and team',
    permissions: ['SETTINGS_WRITE', 'STAFF_MANAGE', 'WEBHOOKS_MANAGE', 'VIEWS_MANAGE', 'AUDIT_READ'],
  },
];

type Saved = readonly { field?: readonly string[] | null; message: string }[] | undefined;

/** A role's name, words and permissions, each with what it allows in a sentence. */
export function RoleForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: RoleValues;
  submitLabel: string;
  onSubmit: (values: RoleValues) => Promise<Saved>;
  onCancel: () => void;
}) {
  const { can } = useSession();
  const [values, setValues] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form: string[] }>({
    fields: {},
    form: [],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const problems = (await onSubmit(values)) ?? [];
      const fields: Record<string, string> = {};
      const form: string[] = [];
      for (const p of problems) {
        const f = p.field?.[1];
        if (f && !fields[f]) fields[f] = p.message;
        else if (!f) form.push(p.message);
      }
      setErrors({ fields, form });
    } catch (error) {
      setErrors({ fields: {}, form: [describeError(error).message] });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Role">
      <Stack gap="sm">
        <FormErrors messages={errors.form} />
        <TextInput
          label="Name"
          value={values.name}
          onChange={(e) => setValues({ ...values, name: e.currentTarget.value })}
          error={errors.fields['name']}
          data-autofocus
        />
        <Textarea
          label="What it is for"
          autosize
          minRows={2}
          value={values.description}
          onChange={(e) => setValues({ ...values, description: e.currentTarget.value })}
          error={errors.fields['description']}
        />
        <Checkbox.Group
          label="Permissions"
          description="You can give only what you may do yourself."
          value={values.permissions}
          onChange={(permissions) => setValues({ ...values, permissions: permissions })}
          error={errors.fields['permissions']}
        >
          <Stack gap="sm" mt={6}>
            {ROLE_AREAS.map((area) => (
              <Stack key={area.label} gap={6}>
                <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                  {area.label}
                </Text>
                {area.permissions.map((p) => (
                  <Checkbox
                    key={p}
                    value={p}
                    disabled={!can(p)}
                    label={PERMISSION_DESCRIPTIONS[p]}
                    description={
                      <Text span size="xs" c="dimmed">
                        {p}
                      </Text>
                    }
                  />
                ))}
              </Stack>
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
