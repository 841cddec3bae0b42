import { TextInput } from '@mantine/core';
import { SectionCard } from '../../../components/section-card';
import { yourValue, type EditorCardProps } from './editor-types';
import { RichTextEditor } from './rich-text-editor';

/** Title and description. */
export function GeneralCard({ values, onChange, errors, disabled, mine }: EditorCardProps) {
  return (
    <SectionCard title="Product">
      <TextInput
        label="Title"
        required
        value={values.title}
        onChange={(event) => onChange({ title: event.currentTarget.value })}
        error={errors['title']}
        description={yourValue(mine?.title, values.title)}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        maxLength={300}
        placeholder="Linen shirt"
        mb="md"
      />
      <RichTextEditor
        label="Description"
        value={values.description}
        onChange={(description) => onChange({ description })}
        disabled={disabled}
        error={errors['description']}
      />
    </SectionCard>
  );
}
