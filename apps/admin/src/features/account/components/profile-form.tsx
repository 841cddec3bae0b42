import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { nameSchema } from '@stockroom/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { SectionCard } from '../../../components/section-card';
import type { AccountQuery } from '../../../gql/graphql';
import { describeError } from '../../../lib/errors';
import { splitUserErrors } from '../../../lib/user-errors';
import { useAccountUpdateMutation } from '../api/account-update-mutation';

type Staff = NonNullable<AccountQuery['me']>;

interface ProfileFormProps {
  staff: Pick<Staff, 'name' | 'email' | 'version'>;
  /** Loads the profile again, after someone else changed it (STALE_VERSION). */
  onReload: () => Promise<unknown>;
}

/** Own name (accountUpdate); the email is changed by a staff manager. */
export function ProfileForm({ staff, onReload }: ProfileFormProps) {
  const [name, setName] = useState(staff.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [stale, setStale] = useState(false);
  const [update, { loading }] = useAccountUpdateMutation();
  const changed = name.trim() !== staff.name;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = nameSchema.safeParse(name);
    setFormErrors([]);
    setStale(false);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? 'Enter a name.');
      return;
    }
    setNameError(null);
    try {
      const { data } = await update({ variables: { input: { name: parsed.data, version: staff.version } } });
      const errors = data?.accountUpdate.userErrors ?? [];
      if (errors.length > 0) {
        const split = splitUserErrors(errors, ['name'] as const);
        setNameError(split.fields.name ?? null);
        setFormErrors(split.form);
        setStale(errors.some((e) => e.code === 'STALE_VERSION'));
        return;
      }
      notifications.show({
        color: 'green',
        title: 'Profile saved',
        message: `Your name is now ${parsed.data}.`,
      });
    } catch (error) {
      setFormErrors([describeError(error).message]);
    }
  };

  return (
    <SectionCard title="Profile" description="How your name appears to other staff and in the audit log.">
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Profile">
        <Stack gap="md">
          {formErrors.length > 0 && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              <Stack gap={6}>
                {formErrors.map((message) => (
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
          <TextInput
            label="Name"
            name="name"
            autoComplete="name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={nameError}
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
            <Button type="submit" loading={loading} disabled={!changed}>
              Save profile
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
