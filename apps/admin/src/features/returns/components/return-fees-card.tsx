import { SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { RETURN_LIMITS } from '@stockroom/domain';
import { SectionCard } from '../../../components/section-card';
import type { ReturnFeesInput } from './return-plan';

export interface ReturnFeesValues extends ReturnFeesInput {
  note: string;
}

/** The return's fees (the label's cost, a restocking percent) and the staff note, as typed. */
export function ReturnFeesCard({
  currency,
  values,
  errors,
  onChange,
}: {
  currency: string;
  values: ReturnFeesValues;
  /** Each box's problem in words, from the check as typed or the server's answer. */
  errors: { returnShippingFee?: string; restockingFeePercent?: string; note?: string };
  onChange: (change: Partial<ReturnFeesValues>) => void;
}) {
  return (
    <SectionCard title="Fees and note">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Return shipping fee"
            description="The label's cost, taken from the credit."
            placeholder="0.00"
            inputMode="decimal"
            value={values.returnShippingFee}
            onChange={(e) => onChange({ returnShippingFee: e.currentTarget.value })}
            error={errors.returnShippingFee}
            leftSection={<Text size="sm">{currency}</Text>}
            leftSectionWidth={48}
          />
          <TextInput
            label="Restocking fee"
            description="Percent of the returned items."
            placeholder="0"
            inputMode="numeric"
            value={values.restockingFeePercent}
            onChange={(e) => onChange({ restockingFeePercent: e.currentTarget.value })}
            error={errors.restockingFeePercent}
            rightSection={<Text size="sm">%</Text>}
          />
        </SimpleGrid>
        <Textarea
          label="Note"
          description="For staff: shown on the return."
          autosize
          minRows={2}
          maxLength={RETURN_LIMITS.note}
          value={values.note}
          onChange={(e) => onChange({ note: e.currentTarget.value })}
          error={errors.note}
        />
      </Stack>
    </SectionCard>
  );
}
