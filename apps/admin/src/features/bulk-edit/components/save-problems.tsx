import { Alert, Anchor, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { isStockKey, locationOf } from './change-model';
import { COLUMN_WORDS, type CellError } from './save-request';
import type { BulkEditor } from './use-bulk-editor';
import type { Location } from './use-bulk-rows';

const SHOWN = 20;

/** "On hand · Main" for a stock cell, the field's name otherwise. */
export function columnWords(key: CellError['key'], locations: readonly Location[]): string {
  if (isStockKey(key)) {
    const id = locationOf(key);
    return `On hand · ${locations.find((l) => l.id === id)?.name ?? 'location'}`;
  }
  return COLUMN_WORDS[key] ?? key;
}

/**
 * Why the last save did nothing: the whole request's problems, and each refused cell ("Row 12 ·
 * SKU: …"), a click away from the cell; rows someone changed meanwhile can be reloaded.
 */
export function SaveProblems({
  editor,
  locations,
  onShow,
}: {
  editor: BulkEditor;
  locations: readonly Location[];
  onShow: (error: CellError, rowIndex: number) => void;
}) {
  const { errors, refusal, staleIds } = editor;
  return (
    <>
      {refusal.length > 0 && (
        <Alert color="red" variant="light" title="Nothing was saved">
          {refusal.join(' ')}
        </Alert>
      )}
      {errors.length > 0 && (
        <Alert
          color="red"
          variant="light"
          title={`Nothing was saved: ${errors.length === 1 ? '1 cell needs' : `${errors.length} cells need`} a look`}
          data-testid="save-problems"
        >
          <Stack gap="xs">
            <List size="sm" spacing={2}>
              {errors.slice(0, SHOWN).map((error) => {
                const index = editor.indexOf.get(error.variantId) ?? -1;
                return (
                  <List.Item key={`${error.variantId}|${error.key}`}>
                    <Anchor component="button" type="button" size="sm" onClick={() => onShow(error, index)}>
                      Row {index + 1}
                      {error.key === 'row' ? '' : ` · ${columnWords(error.key, locations)}`}
                    </Anchor>
                    : {error.message}
                  </List.Item>
                );
              })}
            </List>
            {errors.length > SHOWN && (
              <Text size="sm" c="dimmed">
                and {(errors.length - SHOWN).toLocaleString()} more, marked red in the grid.
              </Text>
            )}
            {staleIds.length > 0 && (
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  onClick={() => void editor.reloadRows(staleIds)}
                >
                  Reload those rows
                </Button>
                <Text size="xs" c="dimmed">
                  Takes what is saved now and keeps your changes on top.
                </Text>
              </Group>
            )}
          </Stack>
        </Alert>
      )}
    </>
  );
}

/** Stock below 0 is allowed, but only when the person says so. */
export function NegativeStockModal({ editor }: { editor: BulkEditor }) {
  return (
    <Modal opened={editor.askNegative} onClose={editor.cancelNegative} title="Save stock below 0?" centered>
      <Text size="sm">
        Some on-hand counts are below 0. That usually means units were sold that aren't on the shelf. Save
        them anyway?
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={editor.cancelNegative}>
          Go back
        </Button>
        <Button color="red" onClick={editor.confirmNegative}>
          Save with stock below 0
        </Button>
      </Group>
    </Modal>
  );
}
