import { Button, Group, Menu } from '@mantine/core';
import { IconChevronUp } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { ProductBulkActionInput, ProductStatus } from '../../../gql/graphql';
import { BulkBar } from '../../../components/bulk-bar';
import { useCommand } from '../../../components/use-command';
import type { PlaceableUserError } from '../../../lib/forms/place-user-errors';
import { useProductsBulkUpdateMutation } from '../api/products-bulk-update-mutation';
import type { BulkDialog } from './bulk-dialogs';

// The dialogs (Modal, focus trap, tag and collection pickers) load when one is first opened.
const BulkDialogs = lazy(async () => ({ default: (await import('./bulk-dialogs')).BulkDialogs }));

interface ProductBulkBarProps {
  /** The chosen products, or null for "all matching the search". */
  ids: readonly string[] | null;
  query: string;
  /** How many products the action touches, as shown ("3", "10,000+"). */
  countLabel: string;
  onDone: (message: string) => void;
  onClear: () => void;
}

const STATUS_WORDS: Record<ProductStatus, string> = {
  ACTIVE: 'set to active',
  DRAFT: 'set to draft',
  ARCHIVED: 'archived',
};

function plural(n: number): string {
  return `${n.toLocaleString()} ${n === 1 ? 'product' : 'products'}`;
}

/** What changed, in words: "3 products archived". */
function describeChange(action: ProductBulkActionInput, n: number): string {
  if (action.setStatus) return `${plural(n)} ${STATUS_WORDS[action.setStatus]}`;
  if (action.addTags) return `Tags added to ${plural(n)}`;
  if (action.removeTags) return `Tags removed from ${plural(n)}`;
  if (action.addToCollectionId) return `${plural(n)} added to the collection`;
  return `${plural(n)} deleted`;
}

/** The bar of bulk actions over a selection or over every product the search finds. */
export function ProductBulkBar({ ids, query, countLabel, onDone, onClear }: ProductBulkBarProps) {
  const [dialog, setDialog] = useState<BulkDialog>(null);
  const [dialogsUsed, setDialogsUsed] = useState(false);
  if (dialog && !dialogsUsed) setDialogsUsed(true);
  const [errors, setErrors] = useState<string[]>([]);
  const [run, { loading }] = useProductsBulkUpdateMutation();
  const target = ids ? plural(ids.length) : `all ${countLabel} matching products`;

  const command = useCommand({
    mutate: async (action: ProductBulkActionInput) =>
      (await run({ variables: { action, ...(ids ? { ids: [...ids] } : { query }) } })).data
        ?.productsBulkUpdate,
    success: (payload, action) => ({ title: 'Done', message: describeChange(action, payload.changedCount) }),
    failedTitle: 'Nothing was changed',
    // An open dialog shows what went wrong itself; a menu's action says it in a toast.
    onFailed: dialog ? setErrors : undefined,
    onDone: (payload, action) => {
      setDialog(null);
      onDone(describeChange(action, payload.changedCount));
    },
  });
  const apply = (action: ProductBulkActionInput) => {
    setErrors([]);
    return command.run(action);
  };
  /** The tags dialog is a form that shows the userErrors (and a failure) itself. */
  const applyInForm = (action: ProductBulkActionInput): Promise<readonly PlaceableUserError[]> => {
    setErrors([]);
    return command.submit(action);
  };

  const open = (next: BulkDialog) => {
    setErrors([]);
    setDialog(next);
  };

  return (
    <>
      <BulkBar
        label={ids ? `${ids.length} selected` : `All ${countLabel} matching selected`}
        onClear={onClear}
      >
        <Group gap="xs" wrap="wrap">
          <Button
            size="sm"
            variant="default"
            component={Link}
            to={`/products/bulk-edit?${ids ? `ids=${ids.join(',')}` : `q=${encodeURIComponent(query)}`}`}
          >
            Bulk edit
          </Button>
          <Menu position="top-end" withinPortal>
            <Menu.Target>
              <Button
                size="sm"
                rightSection={<IconChevronUp size={14} aria-hidden />}
                loading={loading && !dialog}
              >
                Set status
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => void apply({ setStatus: 'ACTIVE' })}>Active</Menu.Item>
              <Menu.Item onClick={() => void apply({ setStatus: 'DRAFT' })}>Draft</Menu.Item>
              <Menu.Item onClick={() => void apply({ setStatus: 'ARCHIVED' })}>Archived</Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <Menu position="top-end" withinPortal>
            <Menu.Target>
              <Button size="sm" variant="default" rightSection={<IconChevronUp size={14} aria-hidden />}>
                More actions
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => open('addTags')}>Add tags…</Menu.Item>
              <Menu.Item onClick={() => open('removeTags')}>Remove tags…</Menu.Item>
              <Menu.Item onClick={() => open('collection')}>Add to collection…</Menu.Item>
              <Menu.Divider />
              <Menu.Item color="red" onClick={() => open('delete')}>
                Delete…
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </BulkBar>
      {dialogsUsed && (
        <Suspense fallback={null}>
          <BulkDialogs
            dialog={dialog}
            target={target}
            busy={loading}
            errors={errors}
            onClose={() => setDialog(null)}
            onTags={(kind, tags) =>
              applyInForm(kind === 'addTags' ? { addTags: tags } : { removeTags: tags })
            }
            onCollection={(id) => void apply({ addToCollectionId: id })}
            onDelete={() => void apply({ delete: true })}
          />
        </Suspense>
      )}
    </>
  );
}
