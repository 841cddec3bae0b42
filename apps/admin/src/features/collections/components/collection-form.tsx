import {
  Alert,
  Button,
  Group,
  Input,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { nameSchema } from '@stockroom/domain';
import { useState, type FormEvent } from 'react';
import type { CollectionInput, CollectionKind, CollectionRuleMatch } from '../../../gql/graphql';
import type { UserErrorLike } from '../../../lib/user-errors';
import { NO_ERRORS, sortErrors, type FormErrors } from './collection-errors';
import { RulesEditor } from './rules-editor';
import { newRule, type RuleDraft } from './rule-terms';

export interface CollectionValues {
  title: string;
  handle: string;
  description: string;
  kind: CollectionKind;
  match: CollectionRuleMatch;
  rules: RuleDraft[];
}

function check(values: CollectionValues): FormErrors {
  const errors: FormErrors = { fields: {}, rules: {}, form: [] };
  const title = nameSchema.safeParse(values.title);
  if (!title.success) errors.fields.title = title.error.issues[0]?.message ?? 'Enter a title.';
  if (values.handle.trim() && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(values.handle.trim())) {
    errors.fields.handle = 'Use lowercase letters, numbers and single dashes, like summer-sale.';
  }
  if (values.kind === 'AUTOMATED') {
    values.rules.forEach((rule, i) => {
      if (!rule.value.trim()) errors.rules[i] = { value: 'Enter a value.' };
      else if (
        (rule.field === 'price' || rule.field === 'compareAtPrice') &&
        !/^\d+(\.\d{1,2})?$/.test(rule.value.trim())
      ) {
        errors.rules[i] = { value: 'Enter an amount like 19.99.' };
      } else if (rule.field === 'inventory' && !/^-?\d{1,10}$/.test(rule.value.trim())) {
        errors.rules[i] = { value: 'Enter a whole number of units.' };
      }
    });
    if (values.rules.length === 0) errors.form.push('Add at least one condition.');
  }
  return errors;
}

function hasErrors(errors: FormErrors): boolean {
  return (
    Object.keys(errors.fields).length > 0 || Object.keys(errors.rules).length > 0 || errors.form.length > 0
  );
}

/** The input for collectionCreate / collectionUpdate from the form's values. */
export function collectionInput(values: CollectionValues, creating: boolean): CollectionInput {
  return {
    title: values.title.trim(),
    handle: values.handle.trim() || null,
    description: values.description,
    ...(creating ? { kind: values.kind } : {}),
    ...(values.kind === 'AUTOMATED'
      ? {
          match: values.match,
          rules: values.rules.map(({ field, relation, value }) => ({ field, relation, value: value.trim() })),
        }
      : {}),
  };
}

export const EMPTY_COLLECTION: CollectionValues = {
  title: '',
  handle: '',
  description: '',
  kind: 'MANUAL',
  match: 'ALL',
  rules: [newRule()],
};

interface CollectionFormProps {
  initial: CollectionValues;
  creating: boolean;
  canEdit: boolean;
  onSubmit: (values: CollectionValues) => Promise<readonly UserErrorLike[]>;
  submitLabel: string;
}

/** Title, handle, description, kind (when creating) and, for automated collections, the rules. */
export function CollectionForm({ initial, creating, canEdit, onSubmit, submitLabel }: CollectionFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local = check(values);
    setErrors(local);
    if (hasErrors(local)) return;
    setSaving(true);
    try {
      setErrors(sortErrors(await onSubmit(values)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Collection">
      <Stack gap="md">
        {errors.form.length > 0 && (
          <Alert color="red" variant="light" role="alert">
            {errors.form.map((m) => (
              <Text key={m} size="sm">
                {m}
              </Text>
            ))}
          </Alert>
        )}
        <TextInput
          label="Title"
          required
          maxLength={255}
          value={values.title}
          onChange={(e) => setValues({ ...values, title: e.currentTarget.value })}
          error={errors.fields.title}
          disabled={!canEdit}
        />
        <TextInput
          label="Handle"
          description="The URL name. Made from the title when empty."
          value={values.handle}
          onChange={(e) => setValues({ ...values, handle: e.currentTarget.value })}
          error={errors.fields.handle}
          disabled={!canEdit}
        />
        <Textarea
          label="Description"
          autosize
          minRows={3}
          maxRows={10}
          value={values.description}
          onChange={(e) => setValues({ ...values, description: e.currentTarget.value })}
          error={errors.fields.description}
          disabled={!canEdit}
        />
        {creating && (
          <Stack gap={4}>
            <Input.Label component="span" id="collection-kind">
              Kind
            </Input.Label>
            <SegmentedControl
              aria-labelledby="collection-kind"
              value={values.kind}
              onChange={(kind) =>
                setValues({ ...values, kind: kind === 'AUTOMATED' ? 'AUTOMATED' : 'MANUAL' })
              }
              data={[
                { value: 'MANUAL', label: 'Manual: pick products' },
                { value: 'AUTOMATED', label: 'Automated: by conditions' },
              ]}
            />
            {errors.fields.kind && (
              <Text size="xs" c="red">
                {errors.fields.kind}
              </Text>
            )}
          </Stack>
        )}
        {values.kind === 'AUTOMATED' && (
          <RulesEditor
            rules={values.rules}
            match={values.match}
            onChange={(rules, match) => setValues({ ...values, rules, match })}
            errors={errors.rules}
            disabled={!canEdit}
          />
        )}
        {canEdit && (
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
