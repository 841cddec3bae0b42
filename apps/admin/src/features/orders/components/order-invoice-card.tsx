import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import { describeError } from '../../../lib/errors';
import { formatMoney } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useFormatDateTime } from '../../../lib/use-format-date-time';
import { useInvoiceIssueMutation, useOrderInvoicesQuery } from '../api/order-invoices';

/**
 * The order's invoice (issue #33): "Issue invoice" for who may change orders (not on a cancelled
 * order), then its number and PDF; each refund's credit note under it. Staff who may only read
 * orders see the documents and no button.
 */
export function OrderInvoiceCard({
  orderId,
  cancelled,
  canIssue,
}: {
  orderId: string;
  cancelled: boolean;
  canIssue: boolean;
}) {
  const formatDateTime = useFormatDateTime();
  const query = useOrderInvoicesQuery(orderId);
  const [issue, issuing] = useInvoiceIssueMutation();
  // One key per intent: a retried click after a lost answer issues the same invoice once.
  const [key, setKey] = useState(newIdempotencyKey);
  const [error, setError] = useState<string | null>(null);
  const order = query.data?.order?.id === orderId ? query.data.order : null;
  if (!order) return null;
  const invoice = order.invoices[0] ?? null;

  const onIssue = async () => {
    setError(null);
    try {
      const { data } = await issue({
        variables: { orderId, idempotencyKey: key },
        refetchQueries: ['OrderInvoices'],
        awaitRefetchQueries: true,
      });
      const problem = data?.invoiceIssue.userErrors[0];
      if (problem) setError(problem.message);
      else setKey(newIdempotencyKey());
    } catch (e) {
      setError(describeError(e).message);
    }
  };

  return (
    <SectionCard title="Invoice" testId="order-invoice">
      {invoice ? (
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {invoice.number}
              </Text>
              <Text size="sm" c="dimmed">
                {formatMoney(invoice.total)} · issued {formatDateTime(invoice.issuedAt)} by{' '}
                {invoice.staffName}
              </Text>
            </Stack>
            <Button
              component="a"
              href={invoice.downloadUrl}
              target="_blank"
              rel="noopener"
              variant="light"
              size="compact-sm"
              leftSection={<IconDownload size={14} aria-hidden />}
              aria-label={`Download invoice ${invoice.number} as PDF`}
              style={{ flexShrink: 0 }}
            >
              PDF
            </Button>
          </Group>
          {invoice.creditNotes.length > 0 && (
            <Stack gap={6}>
              <Text size="sm" fw={600}>
                Credit notes
              </Text>
              {invoice.creditNotes.map((note) => (
                <Group key={note.id} justify="space-between" wrap="nowrap" gap="sm">
                  <Anchor
                    href={note.downloadUrl}
                    target="_blank"
                    rel="noopener"
                    size="sm"
                    aria-label={`Download credit note ${note.number} as PDF`}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {note.number}
                  </Anchor>
                  <Text size="sm" c="dimmed" ta="right" title={formatDateTime(note.issuedAt)}>
                    {formatMoney(note.total)} credited
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {cancelled
              ? 'This order is cancelled, so it is not invoiced.'
              : 'No invoice yet. Issuing one gives it the next invoice number; it keeps the order as it is now.'}
          </Text>
          {canIssue && !cancelled && (
            <Group>
              <Button
                onClick={() => void onIssue()}
                loading={issuing.loading}
                leftSection={<IconFileInvoice size={16} aria-hidden />}
              >
                Issue invoice
              </Button>
            </Group>
          )}
        </Stack>
      )}
      {error && (
        <Alert color="red" variant="light" mt="sm" role="alert">
          {error}
        </Alert>
      )}
    </SectionCard>
  );
}
