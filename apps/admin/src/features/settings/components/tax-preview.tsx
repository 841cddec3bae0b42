import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { CountrySelect } from '../../../components/country-select';
import { SectionCard } from '../../../components/section-card';
import { describeError } from '../../../lib/errors';
import { formatMoney } from '../../../lib/format';
import { useTaxPreviewQuery } from '../api/tax-preview-query';

/** Tax an order would be charged for sample amounts, through taxPreview. */
export function TaxPreview({ currencyCode }: { currencyCode: string }) {
  const [country, setCountry] = useState<string | null>(null);
  const [region, setRegion] = useState('');
  const [amount, setAmount] = useState('100');
  const [shipping, setShipping] = useState('0');
  const [run, result] = useTaxPreviewQuery();
  const [asked, setAsked] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!country) return;
    setAsked(true);
    void run({
      variables: {
        countryCode: country,
        region: region.trim() || null,
        lineAmounts: [amount.trim() || '0'],
        shipping: shipping.trim() || '0',
      },
    }).catch(() => undefined);
  };
  const preview = result.data?.taxPreview;

  return (
    <SectionCard
      title="Preview"
      description="The tax an order would carry, with the current rates and settings."
    >
      <form onSubmit={submit} aria-label="Tax preview">
        <Group align="flex-end" gap="sm" mt="sm" wrap="wrap">
          <CountrySelect
            label="Ship to"
            value={country}
            onChange={setCountry}
            w={{ base: '100%', xs: 220 }}
          />
          <TextInput
            label="Region"
            value={region}
            onChange={(e) => setRegion(e.currentTarget.value)}
            w={{ base: '100%', xs: 100 }}
          />
          <TextInput
            label={`Amount (${currencyCode})`}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            w={{ base: '100%', xs: 130 }}
          />
          <TextInput
            label={`Shipping (${currencyCode})`}
            inputMode="decimal"
            value={shipping}
            onChange={(e) => setShipping(e.currentTarget.value)}
            w={{ base: '100%', xs: 130 }}
          />
          <Button type="submit" variant="default" disabled={!country} loading={result.loading}>
            Preview
          </Button>
        </Group>
      </form>
      {asked && !result.loading && (
        <Stack gap={4} mt="md" data-testid="tax-preview-result" aria-live="polite">
          {result.error ? (
            <Text c="red" size="sm" role="alert">
              {describeError(result.error).message}
            </Text>
          ) : preview ? (
            <>
              <Text size="sm">
                {preview.rate
                  ? `${preview.rate.name} at ${preview.rate.rate}%`
                  : 'No tax rate applies there.'}
              </Text>
              <Text size="sm">
                Tax on the amount: {formatMoney(preview.lines[0] ?? preview.total)} · on shipping:{' '}
                {formatMoney(preview.shipping)}
              </Text>
              <Text size="sm" fw={600}>
                Total tax: {formatMoney(preview.total)}{' '}
                {preview.pricesIncludeTax ? '(included in the prices)' : '(added to the prices)'}
              </Text>
            </>
          ) : null}
        </Stack>
      )}
    </SectionCard>
  );
}
