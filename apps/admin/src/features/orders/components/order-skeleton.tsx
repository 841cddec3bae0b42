import { Skeleton, Stack } from '@mantine/core';
import classes from './order-layout.module.css';

/** The shape of the order page while it loads: cards where the cards will be. */
export function OrderSkeleton() {
  return (
    <div className={classes.layout}>
      <Stack gap="lg" className={classes.main}>
        <Skeleton height={220} radius="md" />
        <Skeleton height={120} radius="md" />
        <Skeleton height={240} radius="md" />
      </Stack>
      <Stack gap="lg" className={classes.side}>
        <Skeleton height={160} radius="md" />
        <Skeleton height={200} radius="md" />
      </Stack>
    </div>
  );
}
