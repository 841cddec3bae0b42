import { Alert, Button, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { OrderEditPageQuery } from '../../../gql/graphql';
import classes from './edit-layout.module.css';
import { EditLinesCard } from './edit-lines-card';
import { EditDiscountCard, EditShippingCard } from './edit-shipping-discount';
import { EditSummary } from './edit-summary';
import { useOrderEdit } from './use-order-edit';

type Order = NonNullable<OrderEditPageQuery['order']>;

/**
 * Lines, shipping and code on the left; the live figures, reason and Update order beside them (after
 * them on a phone). A refusal for a changed order says so with Reload.
 */
export function OrderEditForm({ order, onReload }: { order: Order; onReload: () => void }) {
  const editor = useOrderEdit(order, onReload);
  const { errors } = editor;
  const top = useRef<HTMLDivElement>(null);
  const refusal = editor.stale ?? errors.other.join(' ');
  // The button is at the foot of the page (on a phone, far below): bring a refusal into view.
  useEffect(() => {
    if (refusal) top.current?.scrollIntoView({ block: 'start' });
  }, [refusal]);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (editor.canSubmit) void editor.submit();
      }}
      noValidate
      aria-label={`Edit ${order.name}`}
    >
      <Stack gap="lg" ref={top} style={{ scrollMarginTop: 80 }}>
        {editor.stale && (
          <Alert
            color="yellow"
            variant="light"
            title="The order changed since you opened it"
            role="alert"
            data-testid="edit-stale"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{editor.stale} Reload clears the changes made here.</Text>
              <Button variant="default" size="xs" onClick={editor.reload}>
                Reload
              </Button>
            </Stack>
          </Alert>
        )}
        {errors.other.length > 0 && (
          <Alert color="red" variant="light" title="The order was not updated" role="alert">
            {errors.other.join(' ')}
          </Alert>
        )}
        <div className={classes.grid}>
          <Stack gap="lg">
            <EditLinesCard editor={editor} />
            <EditShippingCard editor={editor} />
            <EditDiscountCard editor={editor} />
          </Stack>
          <EditSummary editor={editor} />
        </div>
      </Stack>
    </form>
  );
}
