import type { Control } from 'react-hook-form';
import type { EditorErrors } from './product-form-state';
import type { ProductFormValues } from './product-form-values';

/** What every card of the product editor gets. */
export interface EditorCardProps {
  /** The form the inputs are bound to; each reads its own message from it. */
  control: Control<ProductFormValues>;
  values: ProductFormValues;
  onChange: (change: Partial<ProductFormValues>) => void;
  errors: EditorErrors;
  disabled: boolean;
  /** The person's own values after "Reload their version", to show beside the server's. */
  mine?: ProductFormValues | null;
}

/** "Your value: …" under a field whose reloaded value differs from what the person had typed. */
export function yourValue(mine: string | undefined, theirs: string): string | undefined {
  if (mine === undefined || mine === theirs) return undefined;
  return `Your unsaved value: ${mine === '' ? '(empty)' : mine}`;
}
