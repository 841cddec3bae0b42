import { Modal, type ModalProps } from '@mantine/core';
import { useState, type ReactNode } from 'react';

type DialogState<T> = { kind: 'add' } | { kind: 'edit'; item: T } | null;

export interface FormDialogControl<T> {
  state: DialogState<T>;
  add: () => void;
  edit: (item: T) => void;
  close: () => void;
}

/** Whether the add or edit dialog of a list is open, and for which item. */
export function useFormDialog<T = never>(): FormDialogControl<T> {
  const [state, setState] = useState<DialogState<T>>(null);
  return {
    state,
    add: () => setState({ kind: 'add' }),
    edit: (item) => setState({ kind: 'edit', item }),
    close: () => setState(null),
  };
}

interface FormDialogProps<T> {
  dialog: FormDialogControl<T>;
  title: { add: string; edit?: string };
  size?: ModalProps['size'];
  /** The form, for a new item (null) or the one being edited; mounted afresh each time it opens. */
  children: (editing: T | null) => ReactNode;
}

/** A form in a dialog (add or edit one rate, zone, tax rate, location); Escape or Cancel closes it. */
export function FormDialog<T>({ dialog, title, size, children }: FormDialogProps<T>) {
  const { state } = dialog;
  return (
    <Modal
      opened={state !== null}
      onClose={dialog.close}
      title={state?.kind === 'edit' ? (title.edit ?? title.add) : title.add}
      size={size}
    >
      {state && children(state.kind === 'edit' ? state.item : null)}
    </Modal>
  );
}
