import { Button, Group, Stack, TextInput } from '@mantine/core';
import { shippingZoneSchema } from '@stockroom/domain';
import { useState, type FormEvent } from 'react';
import { CountriesSelect } from '../../../components/country-select';
import type { UserErrorLike } from '../../../lib/user-errors';
import { FormErrors } from '../../../components/form-errors';

export interface ZoneValues {
  name: string;
  countries: string[];
}

interface ZoneFormProps {
  initial: ZoneValues;
  submitLabel: string;
  disabled?: boolean;
  onSubmit: (values: ZoneValues) => Promise<readonly UserErrorLike[]>;
  onCancel?: () => void;
}

/** A zone's name and countries; "Rest of the world" covers every country no other zone lists. */
export function ZoneForm({ initial, submitLabel, disabled = false, onSubmit, onCancel }: ZoneFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const parsed = shippingZoneSchema().safeParse(values);
    const local: Record<string, string> = {};
    if (!parsed.success) for (const i of parsed.error.issues) local[String(i.path[0])] ??= i.message;
    setErrors(local);
    setFormErrors([]);
    if (Object.keys(local).length) return;
    setSaving(true);
    const result = await onSubmit(values).finally(() => setSaving(false));
    const fields: Record<string, string> = {};
    const rest: string[] = [];
    for (const e of result) {
      const name = e.field?.find((f) => f === 'name' || f === 'countries');
      if (name) fields[name] ??= e.message;
      else rest.push(e.message);
    }
    setErrors(fields);
    setFormErrors(rest);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Shipping zone">
      <Stack gap="sm">
        <FormErrors messages={formErrors} />
        <TextInput
          label="Zone name"
          required
          value={values.name}
          onChange={(e) => {
            const name = e.currentTarget.value;
            setValues((v) => ({ ...v, name }));
          }}
          error={errors['name']}
          disabled={disabled}
        />
        <CountriesSelect
          label="Countries"
          description="Type to find a country. Rest of the world covers every country no other zone lists."
          withRestOfWorld
          value={values.countries}
          onChange={(countries) => setValues((v) => ({ ...v, countries }))}
          error={errors['countries']}
          disabled={disabled}
        />
        {!disabled && (
          <Group justify="flex-end">
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                Cancel
              </Button>
            )}
            <Button type="submit" loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
