import { Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { PERMISSION_ACTIONS, PERMISSIONS, type Permission } from '@stockroom/domain';
import { useState } from 'react';
import { FormErrors } from '../../../components/form-errors';
import { useCommand } from '../../../components/use-command';
import type { ApiTokenInput } from '../../../gql/graphql';
import { describeError } from '../../../lib/errors';
import { placeUserErrors, type PlaceableUserError } from '../../../lib/forms/place-user-errors';
import { useSession } from '../../../lib/session-context';
import { useApiTokenCreateMutation } from '../api/api-token-mutations';

interface Values {
  name: string;
  permissions: Permission[];
  expiresOn: string;
}

/**
 * Name, permissions (only those the person holds can be ticked) and an optional last day; on
 * success hands the token, shown once, to `onMade`.
 */
export function TokenForm({
  onMade,
  onCancel,
}: {
  onMade: (name: string, token: string) => void;
  onCancel: () => void;
}) {
  const { can } = useSession();
  const [create, creating] = useApiTokenCreateMutation();
  const [values, setValues] = useState<Values>({ name: '', permissions: [], expiresOn: '' });
  const [errors, setErrors] = useState<{ fields: Map<string, string>; form: string[] }>({
    fields: new Map(),
    form: [],
  });

  /** A message goes as soon as its field is edited. */
  const clear = (field: string) =>
    setErrors((e) =>
      e.fields.has(field) ? { ...e, fields: new Map([...e.fields].filter(([k]) => k !== field)) } : e,
    );

  const command = useCommand({
    mutate: async (input: ApiTokenInput) => (await create({ variables: { input } })).data?.apiTokenCreate,
    onDone: ({ token, apiToken }) => {
      if (token && apiToken) onMade(apiToken.name, token);
    },
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    let problems: readonly PlaceableUserError[];
    try {
      problems = await command.submit({
        name: values.name,
        permissions: values.permissions,
        // The end of the chosen day, where the browser is.
        expiresAt: values.expiresOn ? new Date(`${values.expiresOn}T23:59:59`).toISOString() : null,
      });
    } catch (error) {
      return setErrors({ fields: new Map(), form: [describeError(error).message] });
    }
    if (!problems.length) return;
    const placed = placeUserErrors({ name: '', permissions: [], expiresAt: '' }, problems, ['input']);
    setErrors({ fields: new Map([...placed.fields].map(([k, v]) => [k, v.message])), form: placed.form });
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="API token">
      <Stack gap="sm">
        <FormErrors messages={errors.form} />
        <TextInput
          label="Name"
          description="What uses it, like Storefront or ERP sync."
          value={values.name}
          onChange={(e) => {
            setValues({ ...values, name: e.currentTarget.value });
            clear('name');
          }}
          error={errors.fields.get('name')}
          maxLength={100}
          data-autofocus
        />
        <Checkbox.Group
          label="It may"
          description="At most what you may do yourself."
          error={errors.fields.get('permissions')}
          value={values.permissions}
          onChange={(permissions) => {
            setValues({ ...values, permissions: permissions });
            clear('permissions');
          }}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt={6} spacing={6}>
            {PERMISSIONS.map((p) => (
              <Checkbox key={p} label={PERMISSION_ACTIONS[p]} description={p} value={p} disabled={!can(p)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <TextInput
          type="date"
          label="Expires after"
          description="Empty: it works until revoked."
          value={values.expiresOn}
          onChange={(e) => {
            setValues({ ...values, expiresOn: e.currentTarget.value });
            clear('expiresAt');
          }}
          error={errors.fields.get('expiresAt')}
          maw={220}
        />
        <Text size="xs" c="dimmed">
          The token is shown once, right after you make it.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={creating.loading}>
            Make token
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
