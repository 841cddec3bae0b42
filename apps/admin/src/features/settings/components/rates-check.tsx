import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { CountrySelect } from '../../../components/country-select';
import { SectionCard } from '../../../components/section-card';
import { describeError } from '../../../lib/errors';
import { formatMoney } from '../../../lib/format';
import { useShippingRatesForQuery } from '../api/shipping-rates-for-query';

/** "Which rates would a checkout offer?" for a country and subtotal, using shippingRatesFor. */
export function RatesCheck({ currencyCode }: { currencyCode: string }) {
  const [country, setCountry] = useState<string | null>(null);
  const [subtotal, setSubtotal] = useState('50');
  const [run, result] = useShippingRatesForQuery();
  const [asked, setAsked] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!country) return;
    setAsked(true);
    void run({ variables: { countryCode: country, subtotal: subtotal.trim() || '0' } }).catch(
      () => undefined,
    );
  };
  const rates = result.data?.shippingRatesFor ?? [];

  return (
    <SectionCard title="Check rates" description="See which rates a checkout would offer.">
      <form onSubmit={submit} aria-label="Check rates">
        <Group align="flex-end" gap="sm" mt="sm" wrap="wrap">
          <CountrySelect
            label="Ship to"
            value={country}
            onChange={setCountry}
            w={{ base: '100%', xs: 240 }}
          />
          <TextInput
            label={`Subtotal (${currencyCode})`}
            inputMode="decimal"
            value={subtotal}
            onChange={(e) => setSubtotal(e.currentTarget.value)}
            w={{ base: '100%', xs: 160 }}
          />
          <Button type="submit" variant="default" disabled={!country} loading={result.loading}>
            Check
          </Button>
        </Group>
      </form>
      {asked && !result.loading && (
        <Stack gap="xs" mt="md" data-testid="rates-check-result">
          {result.error ? (
            <Text c="red" size="sm" role="alert">
              {describeError(result.error).message}
            </Text>
          ) : rates.length === 0 ? (
            <Text size="sm">No rate applies: a checkout could not ship there at this subtotal.</Text>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Rate</Table.Th>
                  <Table.Th>Zone</Table.Th>
                  <Table.Th ta="right">Customer pays</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rates.map((r) => (
                  <Table.Tr key={r.rate.id}>
                    <Table.Td>{r.rate.name}</Table.Td>
                    <Table.Td>{r.zone.name}</Table.Td>
                    <Table.Td ta="right">
                      {Number(r.price.amount) === 0 ? 'Free' : formatMoney(r.price)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
