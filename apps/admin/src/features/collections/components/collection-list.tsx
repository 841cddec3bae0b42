import { Anchor, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { CollectionsQuery } from '../../../gql/graphql';

type Collection = CollectionsQuery['collections']['nodes'][number];

function Kind({ collection }: { collection: Collection }) {
  return collection.kind === 'AUTOMATED' ? (
    <Badge variant="dot" color="violet" size="sm">
      Automated
    </Badge>
  ) : (
    <Badge variant="dot" color="gray" size="sm">
      Manual
    </Badge>
  );
}

const count = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'product' : 'products'}`;

/** Collections at desktop width (a table) or phone width (cards). */
export function CollectionList({
  collections,
  phone,
}: {
  collections: readonly Collection[];
  phone: boolean;
}) {
  if (phone) {
    return (
      <Stack gap="sm" data-testid="collection-list">
        {collections.map((c) => (
          <Paper key={c.id} withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`/collections/${c.id}`} fw={600} truncate>
                  {c.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {count(c.productCount)}
                </Text>
              </Stack>
              <Kind collection={c} />
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table highlightOnHover verticalSpacing="sm" data-testid="collection-list">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Title</Table.Th>
          <Table.Th>Kind</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Products</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {collections.map((c) => (
          <Table.Tr key={c.id}>
            <Table.Td>
              <Anchor component={Link} to={`/collections/${c.id}`} fw={500}>
                {c.title}
              </Anchor>
              <Text size="xs" c="dimmed">
                /{c.handle}
              </Text>
            </Table.Td>
            <Table.Td>
              <Kind collection={c} />
            </Table.Td>
            <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
              {c.productCount.toLocaleString()}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
