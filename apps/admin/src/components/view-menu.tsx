import { ActionIcon, Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconChevronDown,
  IconCopy,
  IconPencil,
  IconRefresh,
  IconShare,
  IconStar,
  IconTrash,
  IconUsersMinus,
} from '@tabler/icons-react';
import { useState } from 'react';
import { describeError } from '../lib/errors';
import { useSession } from '../lib/session-context';
import {
  useSavedViewCreateMutation,
  useSavedViewDeleteMutation,
  useSavedViewSetDefaultMutation,
  useSavedViewUpdateMutation,
} from './saved-views-api';
import type { SavedViewItem, SavedViews } from './use-saved-views';
import { ViewNameModal, type ViewNameValues } from './view-name-modal';

type Dialog = 'save' | 'rename' | 'duplicate' | 'delete' | null;

const failed = (error: unknown) =>
  notifications.show({
    color: 'red',
    title: 'The view was not changed',
    message: describeError(error).message,
  });

/**
 * "Save as view" and the selected view's menu: update it with the current search, rename, share or
 * unshare, duplicate as private, make it one's default, delete. Only what the viewer may do shows.
 */
export function ViewActions({ saved }: { saved: SavedViews }) {
  const { can } = useSession();
  const canManage = can('VIEWS_MANAGE');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [create] = useSavedViewCreateMutation();
  const [update] = useSavedViewUpdateMutation();
  const [remove, removing] = useSavedViewDeleteMutation();
  const [setDefault] = useSavedViewSetDefaultMutation();
  const view = saved.selected;
  const params = saved.params;

  const createView = async (values: ViewNameValues, from?: SavedViewItem) => {
    const current = from ?? saved.current();
    const { data } = await create({
      variables: {
        input: {
          resource: saved.resource,
          name: values.name,
          query: current.query,
          sortKey: saved.sorting ? current.sortKey : null,
          reverse: current.reverse,
          columns: [...current.columns],
          shared: values.shared,
        },
      },
    });
    const made = data?.savedViewCreate;
    if (made?.savedView) params.update({ view: made.savedView.id });
    return made?.userErrors ?? [];
  };

  const change = async (target: SavedViewItem, input: Record<string, unknown>) => {
    const { data } = await update({
      variables: { id: target.id, input: { ...input, expectedVersion: target.version } },
    });
    return data?.savedViewUpdate.userErrors ?? [];
  };

  const act = (work: () => Promise<readonly { message: string }[]>, done: string) => {
    void work()
      .then((problems) => {
        if (problems.length) failed(new Error(problems.map((p) => p.message).join(' ')));
        else notifications.show({ message: done });
      })
      .catch(failed);
  };

  const withCurrent = () => {
    const current = saved.current();
    return {
      query: current.query,
      sortKey: saved.sorting ? current.sortKey : null,
      reverse: current.reverse,
      columns: [...current.columns],
    };
  };

  return (
    <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
      {view && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" size="md" aria-label={`Actions for view ${view.name}`}>
              <IconChevronDown size={16} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {view.canEdit && saved.changed && (
              <Menu.Item
                leftSection={<IconRefresh size={16} />}
                onClick={() =>
                  act(() => change(view, withCurrent()), `“${view.name}” now shows this search.`)
                }
              >
                Update with current search
              </Menu.Item>
            )}
            {view.canEdit && (
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setDialog('rename')}>
                Rename
              </Menu.Item>
            )}
            {canManage && view.canEdit && (
              <Menu.Item
                leftSection={view.shared ? <IconUsersMinus size={16} /> : <IconShare size={16} />}
                onClick={() =>
                  act(
                    () => change(view, { shared: !view.shared }),
                    view.shared
                      ? `“${view.name}” is yours alone now.`
                      : `“${view.name}” is shared with all staff.`,
                  )
                }
              >
                {view.shared ? 'Unshare' : 'Share with all staff'}
              </Menu.Item>
            )}
            <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => setDialog('duplicate')}>
              Duplicate as private
            </Menu.Item>
            <Menu.Item
              leftSection={<IconStar size={16} />}
              onClick={() =>
                act(
                  async () =>
                    (
                      await setDefault({
                        variables: { resource: saved.resource, id: view.isDefault ? null : view.id },
                      })
                    ).data?.savedViewSetDefault.userErrors ?? [],
                  view.isDefault
                    ? 'The list opens on All again.'
                    : `The list opens on “${view.name}” for you.`,
                )
              }
            >
              {view.isDefault ? 'Stop opening on this view' : 'Make my default'}
            </Menu.Item>
            {view.canEdit && (
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => setDialog('delete')}
              >
                Delete
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
      {saved.changed && (params.q || params.sort || params.dir || params.get('cols') || view) && (
        <Button variant="subtle" size="compact-sm" onClick={() => setDialog('save')}>
          Save as view
        </Button>
      )}
      {dialog === 'save' && (
        <ViewNameModal
          title="Save as view"
          submitLabel="Save view"
          initial={{ name: '', shared: false }}
          canShare={canManage}
          onSubmit={createView}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'duplicate' && view && (
        <ViewNameModal
          title="Duplicate as private"
          submitLabel="Save my copy"
          initial={{ name: view.name, shared: false }}
          canShare={false}
          onSubmit={(values) => createView(values, view)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'rename' && view && (
        <ViewNameModal
          title="Rename view"
          submitLabel="Rename"
          initial={{ name: view.name, shared: view.shared }}
          canShare={false}
          onSubmit={(values) => change(view, { name: values.name })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'delete' && view && (
        <Modal opened onClose={() => setDialog(null)} title="Delete view" size="sm">
          <Stack gap="sm">
            <Text size="sm">
              Delete “{view.name}”?{' '}
              {view.shared ? 'It goes for all staff.' : 'Only the view goes; nothing in the list changes.'}
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setDialog(null)}>
                Cancel
              </Button>
              <Button
                color="red"
                loading={removing.loading}
                onClick={() => {
                  void remove({ variables: { id: view.id } })
                    .then(({ data }) => {
                      const problems = data?.savedViewDelete.userErrors ?? [];
                      if (problems.length) throw new Error(problems.map((p) => p.message).join(' '));
                      setDialog(null);
                      params.update({ view: null });
                    })
                    .catch(failed);
                }}
              >
                Delete view
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Group>
  );
}
