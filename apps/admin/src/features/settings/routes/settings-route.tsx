import { Skeleton, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useSession } from '../../../lib/session-context';
import { SettingsStaleAlert } from '../components/settings-stale-alert';
import { DataView } from '../../../components/data-view';
import { SectionCard } from '../../../components/section-card';
import { useCommand } from '../../../components/use-command';
import type { ShopInput } from '../../../gql/graphql';
import { useShopQuery } from '../api/shop-query';
import { useShopUpdateMutation } from '../api/shop-update-mutation';
import { SettingsTabs } from '../../../components/settings-tabs';
import { StoreForm, storeInput, storeValues } from '../components/store-form';

/** `/settings`: the store's name, address, currency, time zone and other defaults. */
export function SettingsRoute() {
  useDocumentTitle('Settings · Stockroom');
  const { can } = useSession();
  const canEdit = can('SETTINGS_WRITE');
  const query = useShopQuery();
  const [update] = useShopUpdateMutation();
  const [stale, setStale] = useState<string | null>(null);
  const save = useCommand({
    mutate: async (input: ShopInput) => (await update({ variables: { input } })).data?.shopUpdate,
    success: () => ({ title: 'Settings saved', message: 'The store settings are saved.' }),
    undo: true,
    onDone: () => setStale(null),
  });

  return (
    <Stack gap="lg" maw={860}>
      <SettingsTabs />
      {stale && (
        <SettingsStaleAlert
          message={stale}
          onReload={() => void query.refetch().then(() => setStale(null))}
        />
      )}
      <DataView query={query} skeleton={<Skeleton height={520} radius="md" />}>
        {(data) => (
          <SectionCard
            title="Store"
            description={
              canEdit ? undefined : 'Everyone can read the settings; changing them needs SETTINGS_WRITE.'
            }
          >
            <Stack mt="sm">
              <StoreForm
                key={data.shop.version}
                initial={storeValues(data.shop)}
                disabled={!canEdit}
                onSubmit={async (values) => {
                  const errors = await save.submit({ ...storeInput(values), version: data.shop.version });
                  const staleError = errors.find((e) => e.code === 'STALE_VERSION');
                  if (staleError) setStale(staleError.message);
                  return errors;
                }}
              />
            </Stack>
          </SectionCard>
        )}
      </DataView>
    </Stack>
  );
}
