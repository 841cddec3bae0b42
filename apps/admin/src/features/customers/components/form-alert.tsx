import { Alert, Text } from '@mantine/core';
import { errorContent, type CustomerUserError } from './customer-errors';

/** Errors about the whole form, above it. */
export function FormAlert({ errors }: { errors: readonly CustomerUserError[] }) {
  if (errors.length === 0) return null;
  return (
    <Alert color="red" variant="light" role="alert" title="Not saved">
      {errors.map((e, i) => (
        <Text key={i} size="sm">
          {errorContent(e)}
        </Text>
      ))}
    </Alert>
  );
}
