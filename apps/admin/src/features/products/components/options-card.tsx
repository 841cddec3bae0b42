import { ActionIcon, Button, Group, Stack, TagsInput, Text } from '@mantine/core';
import { CATALOG_LIMITS } from '@stockroom/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray } from 'react-hook-form';
import { TextField } from '../../../components/forms/form-fields';
import { SectionCard } from '../../../components/section-card';
import type { EditorCardProps } from './editor-types';
import type { OptionValues } from './product-form-values';
import { syncVariants } from './variant-matrix';

const SUGGESTED = ['Size', 'Colour', 'Material'];

/** Up to three options (name + values); every change regenerates the variant matrix, keeping edited rows. */
export function OptionsCard({ control, values, onChange, errors, disabled }: EditorCardProps) {
  // Rows keep their inputs when an option before them is removed; every change still goes through
  // setOptions, which regenerates the matrix.
  const { fields } = useFieldArray({ control, name: 'options', keyName: 'fieldKey' });
  const setOptions = (options: OptionValues[]) =>
    onChange({ options, variants: syncVariants(options, values.variants) });
  const update = (index: number, change: Partial<OptionValues>) =>
    setOptions(values.options.map((o, i) => (i === index ? { ...o, ...change } : o)));
  const add = () => {
    const name =
      SUGGESTED.find((s) => !values.options.some((o) => o.name.toLowerCase() === s.toLowerCase())) ?? '';
    setOptions([...values.options, { name, values: [] }]);
  };

  return (
    <SectionCard
      title="Options"
      description="Like size or colour. Each combination of values becomes a variant."
    >
      <Stack gap="md">
        {values.options.length === 0 && (
          <Text size="sm" c="dimmed">
            This product has one variant. Add an option when it comes in several sizes, colours or materials.
          </Text>
        )}
        {fields.map(({ fieldKey }, index) => {
          const option = values.options[index];
          if (!option) return null;
          return (
            <Group key={fieldKey} align="flex-start" gap="sm" wrap="nowrap" data-testid={`option-${index}`}>
              <TextField
                control={control}
                name={`options.${index}.name`}
                label="Option name"
                w={160}
                maxLength={255}
              />
              <TagsInput
                label={`${option.name.trim() || 'Option'} values`}
                description="Press Enter after each value"
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                value={option.values}
                onChange={(next) => update(index, { values: next })}
                error={errors[`options.${index}.values`]}
                maxTags={CATALOG_LIMITS.optionValues}
                splitChars={[',']}
                allowDuplicates={false}
                disabled={disabled}
                style={{ flex: 1 }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={26}
                size="lg"
                aria-label={`Remove option ${option.name || index + 1}`}
                disabled={disabled}
                onClick={() => setOptions(values.options.filter((_, i) => i !== index))}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          );
        })}
        {errors['options'] && (
          <Text size="sm" c="red">
            {errors['options']}
          </Text>
        )}
        {values.options.length < CATALOG_LIMITS.options && (
          <Group>
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={add}
              disabled={disabled}
            >
              Add option
            </Button>
          </Group>
        )}
      </Stack>
    </SectionCard>
  );
}
