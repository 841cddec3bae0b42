import { ActionIcon, Button, Group, NativeSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { CollectionRuleMatch } from '../../../gql/graphql';
import {
  FIELD_LABELS,
  isRuleField,
  isRuleRelation,
  newRule,
  RELATION_LABELS,
  relationsFor,
  RULE_FIELDS,
  valuePlaceholder,
  type RuleDraft,
} from './rule-terms';

/** Per rule row: the message for each part. */
export type RuleErrors = Record<number, Partial<Record<'field' | 'relation' | 'value', string>>>;

interface RulesEditorProps {
  rules: readonly RuleDraft[];
  match: CollectionRuleMatch;
  onChange: (rules: RuleDraft[], match: CollectionRuleMatch) => void;
  errors: RuleErrors;
  disabled: boolean;
}

/** Conditions of an automated collection: field, relation (only those valid for the field), value. */
export function RulesEditor({ rules, match, onChange, errors, disabled }: RulesEditorProps) {
  const update = (index: number, change: Partial<RuleDraft>) => {
    const next = rules.map((rule, i) => {
      if (i !== index) return rule;
      const merged = { ...rule, ...change };
      // A relation the new field does not allow falls back to the field's first one.
      if (!relationsFor(merged.field).includes(merged.relation))
        merged.relation = relationsFor(merged.field)[0] ?? 'equals';
      return merged;
    });
    onChange(next, match);
  };

  return (
    <Stack gap="sm">
      <Radio.Group
        label="Products must match"
        value={match}
        onChange={(value) => onChange([...rules], value === 'ANY' ? 'ANY' : 'ALL')}
      >
        <Group gap="lg" mt={6}>
          <Radio value="ALL" label="all conditions" disabled={disabled} />
          <Radio value="ANY" label="any condition" disabled={disabled} />
        </Group>
      </Radio.Group>
      {rules.map((rule, index) => (
        <Group key={rule.key} gap="xs" align="flex-start" wrap="wrap" data-testid="rule-row">
          <NativeSelect
            aria-label={`Condition ${index + 1} field`}
            w={{ base: '100%', sm: 180 }}
            value={rule.field}
            data={RULE_FIELDS.map((f) => ({ value: f, label: FIELD_LABELS[f] }))}
            onChange={(e) => {
              const value = e.currentTarget.value;
              if (isRuleField(value)) update(index, { field: value });
            }}
            error={errors[index]?.field}
            disabled={disabled}
          />
          <NativeSelect
            aria-label={`Condition ${index + 1} relation`}
            w={{ base: '100%', sm: 180 }}
            value={rule.relation}
            data={relationsFor(rule.field).map((r) => ({ value: r, label: RELATION_LABELS[r] }))}
            onChange={(e) => {
              const value = e.currentTarget.value;
              if (isRuleRelation(value)) update(index, { relation: value });
            }}
            error={errors[index]?.relation}
            disabled={disabled}
          />
          <TextInput
            aria-label={`Condition ${index + 1} value`}
            style={{ flex: 1, minWidth: 160 }}
            placeholder={valuePlaceholder(rule.field)}
            value={rule.value}
            onChange={(e) => update(index, { value: e.currentTarget.value })}
            error={errors[index]?.value}
            disabled={disabled}
            maxLength={255}
          />
          {!disabled && (
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Remove condition ${index + 1}`}
              disabled={rules.length === 1}
              onClick={() =>
                onChange(
                  rules.filter((_, i) => i !== index),
                  match,
                )
              }
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      ))}
      {rules.length === 0 && (
        <Text size="sm" c="dimmed">
          No conditions yet: add one, or the collection stays empty.
        </Text>
      )}
      {!disabled && (
        <Group>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => onChange([...rules, newRule()], match)}
          >
            Add condition
          </Button>
        </Group>
      )}
    </Stack>
  );
}
