import { Skeleton, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useSession } from '../../../lib/session-context';
import { SettingsStaleAlert } from '../components/settings-stale-alert';
import { DataView } from '../../../components/data-view';
import { SectionCard } from '../../../components/section-card';
import { SettingsTabs } from '../../../components/settings-tabs';
import { useCommand } from '../../../components/use-command';
import { describeError } from '../../../lib/errors';
import type { DocumentSettingsInput } from '../../../gql/graphql';
import { useDocumentPreviewOrdersQuery, useDocumentSettingsQuery } from '../api/document-settings-query';
import { useDocumentSettingsUpdateMutation } from '../api/document-settings-update-mutation';
import { DocumentLogoCard } from '../components/document-logo-card';
import { DocumentPreviewCard } from '../components/document-preview-card';
import { DocumentSettingsForm, documentInput, documentValues } from '../components/document-settings-form';

/** `/settings/documents`: seller details, number formats, paper and logo of slips, pick lists, invoices. */
export function DocumentsRoute() {
  useDocumentTitle('Documents · Settings · Stockroom');
  const { can } = useSession();
  const canEdit = can('SETTINGS_WRITE');
  const query = useDocumentSettingsQuery();
  const orders = useDocumentPreviewOrdersQuery(!can('ORDERS_READ'));
  const [update] = useDocumentSettingsUpdateMutation();
  const [stale, setStale] = useState<string | null>(null);
  const save = useCommand({
    mutate: async (input: DocumentSettingsInput) =>
      (await update({ variables: { input } })).data?.documentSettingsUpdate,
    success: () => ({ title: 'Document settings saved', message: 'New documents print with them.' }),
    onDone: () => setStale(null),
  });

  return (
    <Stack gap="lg" maw={980}>
      <SettingsTabs />
      {stale && (
        <SettingsStaleAlert
          message={stale}
          onReload={() => void query.refetch().then(() => setStale(null))}
        />
      )}
      <DataView query={query} skeleton={<Skeleton height={720} radius="md" />}>
        {(data) => {
          const settings = data.documentSettings;
          const setLogo = async (logo: string | null): Promise<string | null> => {
            try {
              const errors = await save.submit(
                logo ? { logo, version: settings.version } : { removeLogo: true, version: settings.version },
              );
              return errors.length ? errors.map((e) => e.message).join(' ') : null;
            } catch (error) {
              return describeError(error).message;
            }
          };
          return (
            <>
              <SectionCard
                title="Documents"
                description={
                  canEdit
                    ? 'What packing slips, pick lists, invoices and credit notes print. Issued invoices keep what they printed.'
                    : 'Everyone can read these settings; changing them needs SETTINGS_WRITE.'
                }
              >
                <Stack mt="sm">
                  <DocumentSettingsForm
                    key={settings.version}
                    initial={documentValues(settings)}
                    storeName={data.shop.name}
                    disabled={!canEdit}
                    onSubmit={async (values) => {
                      const errors = await save.submit({
                        ...documentInput(values),
                        version: settings.version,
                      });
                      const staleError = errors.find((e) => e.code === 'STALE_VERSION');
                      if (staleError) setStale(staleError.message);
                      return errors;
                    }}
                  />
                </Stack>
              </SectionCard>
              <DocumentLogoCard
                logoDataUrl={settings.logoDataUrl ?? null}
                disabled={!canEdit}
                onChange={setLogo}
              />
              {can('ORDERS_READ') && (
                <DocumentPreviewCard
                  newest={orders.data?.newest.nodes[0] ?? null}
                  toShip={orders.data?.toShip.nodes[0] ?? null}
                  version={settings.version}
                />
              )}
            </>
          );
        }}
      </DataView>
    </Stack>
  );
}
