import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { nameSchema } from '@stockroom/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { TextField } from '../../../components/forms/form-fields';
import { SectionCard } from '../../../components/section-card';
import { useCommand } from '../../../components/use-command';
import type { AccountQuery } from '../../../gql/graphql';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { useAccountUpdateMutation } from '../api/account-update-mutation';

type Staff = NonNullable<AccountQuery['me']>;

const profileSchema = z.object({ name: nameSchema });

interface ProfileFormProps {
  staff: Pick<Staff, 'name' | 'email' | 'version'>;
  /** Loads the profile again, after someone else changed it (STALE_VERSION). */
  onReload: () => Promise<unknown>;
}

/** Own name (accountUpdate); the email is changed by a staff manager. */
export function ProfileForm({ staff, onReload }: ProfileFormProps) {
  const [stale, setStale] = useState(false);
  const [update] = useAccountUpdateMutation();
  const save = useCommand({
    mutate: async (name: string) =>
      (await update({ variables: { input: { name, version: staff.version } } })).data?.accountUpdate,
    success: (_, name) => ({ title: 'Profile saved', message: `Your name is now ${name}.` }),
  });
  const form = useZodForm<{ name: string }>({
    schema: profileSchema,
    defaultValues: { name: staff.name },
    onSubmit: async (values) => {
      setStale(false);
      const errors = await save.submit(values.name.trim());
      setStale(errors.some((e) => e.code === 'STALE_VERSION'));
      return errors;
    },
  });
  const name = useWatch({ control: form.control, name: 'name' });

  return (
    <SectionCard title="Profile" description="How your name appears to other staff and in the audit log.">
      <form onSubmit={(event) => void form.submit(event)} noValidate aria-label="Profile">
        <Stack gap="md">
          {form.formErrors.length > 0 && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              <Stack gap={6}>
                {form.formErrors.map((message) => (
                  <Text key={message} size="sm">
                    {message}
                  </Text>
                ))}
                {stale && (
                  <Group>
                    <Button size="xs" variant="default" onClick={() => void onReload()}>
                      Reload profile
                    </Button>
                  </Group>
                )}
              </Stack>
            </Alert>
          )}
          <TextField
            control={form.control}
            name="name"
            label="Name"
            autoComplete="name"
            required
            maxLength={255}
          />
          <TextInput
            label="Email"
            value={staff.email}
            readOnly
            description="Ask a staff manager to change the email you sign in with."
            variant="filled"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={form.saving} disabled={name.trim() === staff.name}>
              Save profile
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
