import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { Link } from 'react-router';

/** A field's message; TAKEN links to the customer that already has the value (SPEC §8). */
export function renderCustomerError(error: FieldError): ReactNode {
  const relatedId = error.types?.['relatedId'];
  if (error.type === 'TAKEN' && typeof relatedId === 'string') {
    return (
      <>
        {error.message}{' '}
        <Anchor component={Link} to={`/customers/${relatedId}`} size="xs">
          Open that customer
        </Anchor>
      </>
    );
  }
  return error.message;
}
