import { Anchor, Box, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card';

interface PreviewOrder {
  id: string;
  name: string;
}

interface DocumentPreviewCardProps {
  /** The newest order (invoice preview), and the newest with something left to ship (slip, pick list). */
  newest: PreviewOrder | null;
  toShip: PreviewOrder | null;
  /** Changes with every save, so the frame draws the saved settings again. */
  version: number;
}

type Kind = 'slip' | 'invoice' | 'pick';

function previewUrl(kind: Kind, order: PreviewOrder): string {
  const id = encodeURIComponent(order.id);
  if (kind === 'invoice') return `/documents/invoice-preview.pdf?order=${id}`;
  if (kind === 'pick') return `/documents/pick-list.pdf?orders=${id}`;
  return `/documents/packing-slips.pdf?orders=${id}`;
}

/**
 * The documents as saved, drawn on a real order of the store: a frame on a wide screen, links on a
 * phone (phone browsers don't show PDFs inside a page).
 */
export function DocumentPreviewCard({ newest, toShip, version }: DocumentPreviewCardProps) {
  // Until chosen: the packing slip when an order has something to ship (known once the orders load).
  const [chosen, setKind] = useState<Kind | null>(null);
  const kind: Kind = chosen ?? (toShip ? 'slip' : 'invoice');
  const wide = useMediaQuery('(min-width: 62em)');
  const order = kind === 'invoice' ? newest : toShip;
  const kinds: { value: Kind; label: string; order: PreviewOrder | null }[] = [
    { value: 'slip', label: 'Packing slip', order: toShip },
    { value: 'pick', label: 'Pick list', order: toShip },
    { value: 'invoice', label: 'Invoice', order: newest },
  ];
  return (
    <SectionCard
      title="Preview"
      description="The saved settings, on a real order. Save to see a change here."
    >
      <Stack gap="sm" mt="sm">
        {!newest ? (
          <Text size="sm" c="dimmed">
            There are no orders yet to preview documents on.
          </Text>
        ) : (
          <>
            <Group gap="sm" wrap="wrap">
              <SegmentedControl
                size="xs"
                value={kind}
                onChange={(v) => setKind(v)}
                data={kinds.map((k) => ({ value: k.value, label: k.label, disabled: !k.order }))}
                aria-label="Document to preview"
              />
              {order && (
                <Anchor href={previewUrl(kind, order)} target="_blank" rel="noopener" size="sm">
                  Open {kinds.find((k) => k.value === kind)?.label.toLowerCase()} for {order.name}
                </Anchor>
              )}
            </Group>
            {!order && (
              <Text size="sm" c="dimmed">
                No order has anything left to ship, so there is no packing slip or pick list to show.
              </Text>
            )}
            {order && wide && (
              <Box
                // A new frame after each save: the documents are drawn with the saved settings.
                key={version}
                component="iframe"
                title={`Preview: ${kinds.find((k) => k.value === kind)?.label} for ${order.name}`}
                src={previewUrl(kind, order)}
                h={640}
                w="100%"
                style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
                data-testid="document-preview"
              />
            )}
          </>
        )}
      </Stack>
    </SectionCard>
  );
}
