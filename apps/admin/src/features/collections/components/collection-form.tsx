import { Input, SegmentedControl, Stack, Text } from '@mantine/core';
import { collectionSchema } from '@stockroom/domain';
import { useController, type FieldError } from 'react-hook-form';
import { z } from 'zod';
import { FormErrors } from '../../../components/form-errors';
import { FormActions } from '../../../components/forms/form-actions';
import { TextareaField, TextField } from '../../../components/forms/form-fields';
import type { CollectionInput, CollectionKind, CollectionRuleMatch } from '../../../gql/graphql';
import type { PlaceableUserError } from '../../../lib/forms/place-user-errors';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { RulesEditor, type RuleErrors } from './rules-editor';
import { newRule, type RuleDraft } from './rule-terms';

export interface CollectionValues {
  title: string;
  handle: string;
  description: string;
  kind: CollectionKind;
  match: CollectionRuleMatch;
  rules: RuleDraft[];
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

/** The server's rules over what is sent (a manual collection sends no rules); prices in the store's currency. */
export function collectionFormSchema(currencyCode: string) {
  return z.preprocess((v) => collectionInput(v as CollectionValues, true), collectionSchema(currencyCode));
}

/** Each rule row's messages, from the form's errors at rules.N.field / relation / value. */
function ruleErrors(errors: unknown): RuleErrors {
  const rows: RuleErrors = {};
  if (!Array.isArray(errors)) return rows;
  errors.forEach((row: Partial<Record<'field' | 'relation' | 'value', FieldError>> | undefined, i) => {
    if (!row) return;
    rows[i] = { field: row.field?.message, relation: row.relation?.message, value: row.value?.message };
  });
  return rows;
}

interface CollectionFormProps {
  initial: CollectionValues;
  creating: boolean;
  canEdit: boolean;
  currencyCode: string;
  onSubmit: (values: CollectionValues) => Promise<readonly PlaceableUserError[]>;
  submitLabel: string;
}

/** Title, handle, description, kind (when creating) and, for automated collections, the rules. */
export function CollectionForm({
  initial,
  creating,
  canEdit,
  currencyCode,
  onSubmit,
  submitLabel,
}: CollectionFormProps) {
  const form = useZodForm<CollectionValues>({
    schema: collectionFormSchema(currencyCode),
    defaultValues: initial,
    onSubmit,
  });
  const { control } = form;
  const kind = useController({ control, name: 'kind' });
  const rules = useController({ control, name: 'rules' });
  const match = useController({ control, name: 'match' });
  const rulesError = rules.fieldState.error;
  // A message about the list itself (none, too many) rather than one of its rows.
  const listMessage = rulesError?.root?.message ?? rulesError?.message;

  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate aria-label="Collection">
      <Stack gap="md">
        <FormErrors messages={listMessage ? [...form.formErrors, listMessage] : form.formErrors} />
        <TextField
          control={control}
          name="title"
          label="Title"
          required
          maxLength={255}
          disabled={!canEdit}
        />
        <TextField
          control={control}
          name="handle"
          label="Handle"
          description="The URL name. Made from the title when empty."
          disabled={!canEdit}
        />
        <TextareaField
          control={control}
          name="description"
          label="Description"
          autosize
          minRows={3}
          maxRows={10}
          disabled={!canEdit}
        />
        {creating && (
          <Stack gap={4}>
            <Input.Label component="span" id="collection-kind">
              Kind
            </Input.Label>
            <SegmentedControl
              aria-labelledby="collection-kind"
              value={kind.field.value}
              onChange={(value) => kind.field.onChange(value === 'AUTOMATED' ? 'AUTOMATED' : 'MANUAL')}
              data={[
                { value: 'MANUAL', label: 'Manual: pick products' },
                { value: 'AUTOMATED', label: 'Automated: by conditions' },
              ]}
            />
            {kind.fieldState.error && (
              <Text size="xs" c="red">
                {kind.fieldState.error.message}
              </Text>
            )}
          </Stack>
        )}
        {kind.field.value === 'AUTOMATED' && (
          <RulesEditor
            rules={rules.field.value}
            match={match.field.value}
            onChange={(nextRules, nextMatch) => {
              rules.field.onChange(nextRules);
              if (nextMatch !== match.field.value) match.field.onChange(nextMatch);
            }}
            errors={ruleErrors(rulesError)}
            disabled={!canEdit}
          />
        )}
        {canEdit && <FormActions submitLabel={submitLabel} saving={form.saving} />}
      </Stack>
    </form>
  );
}
