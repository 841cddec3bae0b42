import type { UserErrorLike } from '../../../lib/user-errors';

/** Per rule row: the message for each part. */
export type RuleErrors = Record<number, Partial<Record<'field' | 'relation' | 'value', string>>>;

type TopField = 'title' | 'handle' | 'description' | 'kind';

export interface FormErrors {
  fields: Partial<Record<TopField, string>>;
  rules: RuleErrors;
  form: string[];
}

export const NO_ERRORS: FormErrors = { fields: {}, rules: {}, form: [] };

/**
 * Sorts userErrors by path: ["input","title"] goes by the title, ["input","rules","0","relation"] by
 * that rule's relation; anything else is about the whole collection.
 */
export function sortErrors(errors: readonly UserErrorLike[]): FormErrors {
  const result: FormErrors = { fields: {}, rules: {}, form: [] };
  for (const error of errors) {
    const path = (error.field ?? []).filter((p) => p !== 'input');
    const [head, index, part] = path;
    if (
      head === 'rules' &&
      index !== undefined &&
      (part === 'field' || part === 'relation' || part === 'value')
    ) {
      const row = (result.rules[Number(index)] ??= {});
      row[part] ??= error.message;
    } else if (head === 'title' || head === 'handle' || head === 'description' || head === 'kind') {
      result.fields[head] ??= error.message;
    } else {
      result.form.push(error.message);
    }
  }
  return result;
}
