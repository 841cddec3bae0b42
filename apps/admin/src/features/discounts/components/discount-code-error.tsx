import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { Link } from 'react-router';

/** SPEC §8 TAKEN: the message, and a link to the code that has it. */
export function renderCodeError(error: FieldError): ReactNode {
  const relatedId = error.types?.['relatedId'];
  if (error.type !== 'TAKEN' || typeof relatedId !== 'string') return error.message;
  return (
    <>
      {error.message}{' '}
      <Anchor component={Link} to={`/discounts/${relatedId}`} size="xs">
        Open that discount
      </Anchor>
    </>
  );
}
