import { Button, Group, NativeSelect, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useDocumentTitle } from '@mantine/hooks';
import { DataView } from '../../../components/data-view';
import { listEmpty, ListResults } from '../../../components/list-results';
import { SearchField } from '../../../components/search-field';
import { SettingsTabs } from '../../../components/settings-tabs';
import { pageVariables, searchFieldValue, setSearchField, useListParams } from '../../../lib/list-params';
import { useSession } from '../../../lib/session-context';
import { useAuditEventsQuery } from '../api/audit-events-query';
import { AuditEventList } from '../components/audit-event-list';
import { usePhone } from '../../../lib/use-phone';
import { useState } from 'react';
import { BackgroundExportButton, BackgroundExportProgress } from '../components/background-export';

const AREAS = [
  { value: 'all', label: 'All' },
  { value: 'order', label: 'Orders' },
  { value: 'product', label: 'Products' },
  { value: 'customer', label: 'Customers' },
  { value: 'discount', label: 'Discounts' },
  { value: 'inventory', label: 'Stock' },
  { value: 'staff', label: 'Staff' },
];

const SEARCH_HELP =
  'Words start an action or a name. Also action:product.update actor:maya subject:prod_… subject_type:order ip:… created_at:>-7d';

/** `/settings/audit` (AUDIT_READ): every change, who made it, when and from where, field by field. */
export function AuditRoute() {
  useDocumentTitle('Audit log · Stockroom');
  const phone = usePhone();
  // The events of the current search, newest first, up to 10,000.
  const canExport = useSession().can('DATA_EXPORT');
  const params = useListParams();
  const [exportJob, setExportJob] = useState<string | null>(null);
  const query = useAuditEventsQuery({ query: params.q || null, ...pageVariables(params) });
  const connection = (query.data ?? query.previousData)?.auditEvents;
  const searchError = connection?.userErrors.map((e) => e.message).join(' ') || null;
  const area = searchFieldValue(params.q, 'action')?.toLowerCase() ?? 'all';
  const areaValue = AREAS.some((a) => a.value === area) ? area : 'all';
  const setArea = (value: string) =>
    params.update({ q: setSearchField(params.q, 'action', value === 'all' ? null : value) || null });
  return (
    <Stack gap="md" maw={1000}>
      <SettingsTabs />
      <Group justify="space-between" align="flex-end" gap="sm">
        <Text c="dimmed" size="sm">
          Every change made in the store, recorded with the change itself. Nothing here can be edited.
        </Text>
        {canExport && (
          <Group gap="xs">
            <Button
              component="a"
              href={`/exports/audit-events.csv?query=${encodeURIComponent(params.q)}`}
              download
              variant="default"
              size="compact-sm"
              leftSection={<IconDownload size={14} aria-hidden />}
              title="The newest 10,000 events of this search, at once"
            >
              {connection?.count.precision === 'AT_LEAST' ? 'Download newest 10,000' : 'Download CSV'}
            </Button>
            <BackgroundExportButton query={params.q} onStarted={setExportJob} />
          </Group>
        )}
      </Group>
      {exportJob && <BackgroundExportProgress key={exportJob} jobId={exportJob} />}
      <SearchField
        label="Search the audit log"
        value={params.q}
        onSearch={(q, how) => params.update({ q }, how)}
        placeholder="A name or an action; or action:product actor:maya"
        error={searchError}
        description={SEARCH_HELP}
      />
      {phone ? (
        <NativeSelect
          label="Area"
          data={AREAS}
          value={areaValue}
          onChange={(event) => setArea(event.currentTarget.value)}
        />
      ) : (
        <SegmentedControl
          aria-label="Area"
          data={AREAS}
          value={areaValue}
          onChange={setArea}
          style={{ alignSelf: 'flex-start' }}
        />
      )}
      <DataView
        keepPrevious
        query={query}
        skeleton={<Skeleton height={320} radius="md" />}
        isEmpty={(data) => data.auditEvents.nodes.length === 0}
        empty={listEmpty({
          nouns: 'events',
          search: params.q,
          searchError,
          tryHint: 'Try other words or clear the search.',
          onClearSearch: () => params.update({ q: null }),
          none: { title: 'Nothing recorded yet', description: 'Changes appear here as staff make them.' },
        })}
      >
        {(data) => (
          <ListResults
            phone={phone}
            pageInfo={data.auditEvents.pageInfo}
            count={data.auditEvents.count}
            noun="event"
            onPage={(cursor) => params.update(cursor)}
          >
            <AuditEventList events={data.auditEvents.nodes} currencyCode={data.shop.currencyCode} />
          </ListResults>
        )}
      </DataView>
    </Stack>
  );
}
