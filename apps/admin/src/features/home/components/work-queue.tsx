import { Group, Paper, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCash,
  IconFilePencil,
  IconPackageImport,
  IconReceiptRefund,
  IconTruckDelivery,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import type { HomeQueue } from './home-types';
import classes from './home.module.css';

interface Item {
  key: keyof Omit<HomeQueue, '__typename'>;
  label: string;
  path: string;
  icon: Icon;
  color: string;
  none: string;
}

const ITEMS: Item[] = [
  {
    key: 'ordersToFulfill',
    label: 'Orders to fulfill',
    path: '/orders',
    icon: IconTruckDelivery,
    color: 'blue',
    none: 'All shipped',
  },
  {
    key: 'unpaidOrders',
    label: 'Unpaid orders',
    path: '/orders',
    icon: IconCash,
    color: 'orange',
    none: 'All paid',
  },
  {
    key: 'openDrafts',
    label: 'Open drafts',
    path: '/drafts',
    icon: IconFilePencil,
    color: 'grape',
    none: 'None open',
  },
  {
    key: 'lowStock',
    label: 'Low stock',
    path: '/inventory',
    icon: IconAlertTriangle,
    color: 'red',
    none: 'All stocked',
  },
  {
    key: 'returnsToReceive',
    label: 'Returns to receive',
    path: '/returns',
    icon: IconPackageImport,
    color: 'teal',
    none: 'None expected',
  },
  {
    key: 'returnsToSettle',
    label: 'Returns to settle',
    path: '/returns',
    icon: IconReceiptRefund,
    color: 'cyan',
    none: 'All settled',
  },
];

/**
 * What needs doing, each a link to the list filtered by the very search the server counted with
 * (so the number on Home is the number on the list). Parts the person may not read are left out.
 */
export function WorkQueue({ queue }: { queue: HomeQueue }) {
  const shown = ITEMS.flatMap((item) => {
    const value = queue[item.key];
    return value ? [{ item, value }] : [];
  });
  if (!shown.length) return null;
  return (
    <SimpleGrid
      cols={{ base: 2, sm: shown.length > 2 ? (shown.length % 3 === 0 ? 3 : 4) : 2 }}
      spacing="md"
      component="nav"
      aria-label="Work queue"
    >
      {shown.map(({ item, value }) => {
        const n = value.count.value;
        const count = `${n.toLocaleString()}${value.count.precision === 'AT_LEAST' ? '+' : ''}`;
        return (
          <UnstyledButton
            key={item.key}
            component={Link}
            to={`${item.path}?q=${encodeURIComponent(value.query)}`}
            data-testid={`queue-${item.key}`}
            aria-label={`${item.label}: ${count}`}
          >
            <Paper withBorder radius="md" p="md" h="100%" className={classes.queue}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text size="sm" fw={500}>
                  {item.label}
                </Text>
                <ThemeIcon variant="light" color={item.color} size="md" aria-hidden>
                  <item.icon size={18} />
                </ThemeIcon>
              </Group>
              <Group gap="xs" align="baseline">
                <Text fz={26} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {count}
                </Text>
                {n === 0 && (
                  <Text size="xs" fw={600} className={classes.up}>
                    {item.none}
                  </Text>
                )}
              </Group>
            </Paper>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
