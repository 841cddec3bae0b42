import { Badge, Button, CloseButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconDiscount2 } from '@tabler/icons-react';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import type { Figures } from './draft-totals-card';
import type { DraftValues } from './draft-form';

/**
 * One discount code for the draft: typed, applied with a button (so half a code is never checked),
 * and the server's answer beneath it: what it takes off, or why it does not apply.
 */
export function DraftDiscountCard({
  values,
  onChange,
  discount,
  discountTotal,
  stale,
  error,
  readOnly,
}: {
  values: DraftValues;
  onChange: (next: DraftValues) => void;
  discount: Figures['discount'] | null;
  discountTotal: Figures['discountTotal'] | null;
  stale: boolean;
  error: string | null;
  readOnly: boolean;
}) {
  const [typed, setTyped] = useState('');
  const applied = values.discountCode;
  const apply = () => {
    if (!typed.trim()) return;
    onChange({ ...values, discountCode: typed.trim() });
    setTyped('');
  };
  const answer = !stale && discount?.code.toLowerCase() === applied.toLowerCase() ? discount : null;
  const problem = error ?? (answer && !answer.applied ? answer.message : null);
  return (
    <SectionCard title="Discount">
      {applied ? (
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap">
            <Badge
              size="lg"
              variant={problem ? 'light' : 'default'}
              color={problem ? 'red' : undefined}
              leftSection={<IconDiscount2 size={14} aria-hidden />}
              data-testid="draft-discount-code"
            >
              {answer?.code ?? applied}
            </Badge>
            {!readOnly && (
              <CloseButton
                aria-label={`Remove code ${applied}`}
                onClick={() => onChange({ ...values, discountCode: '' })}
              />
            )}
          </Group>
          {problem ? (
            <Text size="sm" c="red" role="alert" data-testid="draft-discount-message">
              {problem}
            </Text>
          ) : answer?.applied && discountTotal ? (
            <Text size="sm" c="dimmed" data-testid="draft-discount-message">
              Applied: the totals include it.
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              Checking…
            </Text>
          )}
        </Stack>
      ) : readOnly ? (
        <Text size="sm" c="dimmed">
          No code.
        </Text>
      ) : (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label="Discount code"
            placeholder="WELCOME10"
            value={typed}
            style={{ flex: 1 }}
            onChange={(e) => setTyped(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                apply();
              }
            }}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
          />
          <Button variant="default" onClick={apply} disabled={!typed.trim()}>
            Apply
          </Button>
        </Group>
      )}
    </SectionCard>
  );
}
