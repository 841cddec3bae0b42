import { Stack, Text } from '@mantine/core';
import { SectionCard } from '../../../components/section-card';
import { actionWords, shownChanges } from '../../../lib/audit-words';
import { ChangeValues, useStoreFormats } from '../../../components/audit-change';
import { useFormatDateTime } from '../../../lib/use-format-date-time';
import { useProductHistoryQuery } from '../api/product-history-query';

/** Who changed the product, when, and what (the audit log's events about it). */
export function HistoryCard({ productId }: { productId: string }) {
  const format = useFormatDateTime();
  const { data, error } = useProductHistoryQuery(productId);
  const events = data?.product?.events ?? [];
  const formats = useStoreFormats(data?.shop.currencyCode);
  return (
    <SectionCard title="History" description="The last 50 changes, newest first." testId="product-history">
      <Stack gap="xs" mt="xs">
        {error && (
          <Text size="sm" c="red">
            The history could not be loaded.
          </Text>
        )}
        {events.map((e) => (
          <div key={e.id}>
            <Text size="sm">
              <Text span fw={600} size="sm">
                {actionWords(e.action)}
              </Text>{' '}
              <Text span c="dimmed" size="sm">
                by {e.actorName ?? (e.actorType === 'system' ? 'the system' : 'an integration')} ·{' '}
                {format(e.createdAt)}
              </Text>
            </Text>
            {e.action !== 'product.create' &&
              shownChanges(e.changes, formats).map((c) => (
                <Text key={c.key} size="sm" style={{ wordBreak: 'break-word' }}>
                  <Text span size="sm" c="dimmed">
                    {c.label}:
                  </Text>{' '}
                  <ChangeValues change={c} mode="changed" />
                </Text>
              ))}
          </div>
        ))}
      </Stack>
    </SectionCard>
  );
}
