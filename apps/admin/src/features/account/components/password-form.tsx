import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { ALWAYS, PASSWORD_MIN, passwordProblem } from '@stockroom/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { z } from 'zod';
import { PasswordField } from '../../../components/forms/password-field';
import { SectionCard } from '../../../components/section-card';
import { useCommand } from '../../../components/use-command';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { usePasswordChangeMutation } from '../api/password-change-mutation';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const EMPTY: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The same rules the server applies (SPEC §5), checked here first so mistakes show at once. */
export function passwordChangeSchema(email: string) {
  return z
    .object({
      currentPassword: z.string().min(1, { message: 'Enter your current password.' }),
      newPassword: z
        .string()
        .min(1, { message: 'Enter a new password.' })
        .superRefine((value, ctx) => {
          const problem = passwordProblem(value, email);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
      confirmPassword: z.string(),
    })
    .superRefine((v, ctx) => {
      if (v.newPassword && !passwordProblem(v.newPassword, email) && v.confirmPassword !== v.newPassword)
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: "The passwords don't match." });
    }, ALWAYS);
}

/** Change own password (passwordChange); success signs out every other session. */
export function PasswordForm({ email }: { email: string }) {
  const [changePassword] = usePasswordChangeMutation();
  const command = useCommand({
    mutate: async (variables: { currentPassword: string; newPassword: string }) =>
      (await changePassword({ variables })).data?.passwordChange,
    success: () => ({
      title: 'Password changed',
      message: 'You stay signed in here; every other session was signed out.',
    }),
  });
  const form = useZodForm<PasswordValues>({
    schema: passwordChangeSchema(email),
    defaultValues: EMPTY,
    // passwordChange takes the two passwords as arguments: ["currentPassword"], not ["input", …].
    errorPrefix: [],
    onSubmit: ({ currentPassword, newPassword }) => command.submit({ currentPassword, newPassword }),
    onSaved: () => form.reset(),
  });
  const { control } = form;

  return (
    <SectionCard
      title="Password"
      description="Changing your password signs you out on every other device."
      testId="password-section"
    >
      <form onSubmit={(event) => void form.submit(event)} noValidate aria-label="Change password">
        <Stack gap="md">
          {form.formErrors.length > 0 && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {form.formErrors.map((message) => (
                <Text key={message} size="sm">
                  {message}
                </Text>
              ))}
            </Alert>
          )}
          {/* Lets password managers tie the new password to the right account. */}
          <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
          <PasswordField
            control={control}
            name="currentPassword"
            label="Current password"
            autoComplete="current-password"
            required
          />
          <PasswordField
            control={control}
            name="newPassword"
            label="New password"
            autoComplete="new-password"
            description={`At least ${PASSWORD_MIN} characters. Not your email, and not a common password.`}
            required
          />
          <PasswordField
            control={control}
            name="confirmPassword"
            label="Repeat new password"
            autoComplete="new-password"
            required
          />
          <Group justify="flex-end">
            <Button type="submit" loading={form.saving}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
