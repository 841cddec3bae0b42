import { TextField } from '../../../components/forms/form-fields';
import { SectionCard } from '../../../components/section-card';
import { yourValue, type EditorCardProps } from './editor-types';
import { RichTextEditor } from './rich-text-editor';

/** Title and description. */
export function GeneralCard({ control, values, onChange, errors, disabled, mine }: EditorCardProps) {
  return (
    <SectionCard title="Product">
      <TextField
        control={control}
        name="title"
        label="Title"
        required
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
