import { Button, EmptyState } from '@mantine/core';
import { IconHome, IconMapSearch } from '@tabler/icons-react';
import { Link } from 'react-router';

interface NotFoundStateProps {
  /** What could not be found, e.g. "page" or "order". */
  thing?: string;
  /** More words, e.g. the id that was looked up. */
  description?: string;
  /** Heading level: 1 when this is the whole screen, 2 inside a screen that has its own title. */
  headingOrder?: 1 | 2;
}

/** The not-found screen for a route or a record that does not exist (SPEC §8 NOT_FOUND). */
export function NotFoundState({ thing = 'page', description, headingOrder = 1 }: NotFoundStateProps) {
  return (
    <EmptyState
      py="xl"
      size="lg"
      variant="light"
      icon={<IconMapSearch aria-hidden />}
      data-testid="not-found"
    >
      <EmptyState.Title order={headingOrder}>{`This ${thing} doesn't exist`}</EmptyState.Title>
      <EmptyState.Description>
        {description ??
          `The address may be mistyped, or the ${thing} was removed. Check the link, or start again from Home.`}
      </EmptyState.Description>
      <EmptyState.Actions>
        <Button component={Link} to="/" leftSection={<IconHome size={18} aria-hidden />}>
          Go to Home
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
