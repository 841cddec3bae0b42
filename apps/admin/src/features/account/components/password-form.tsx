import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PASSWORD_MIN, passwordProblem } from '@stockroom/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { SectionCard } from '../../../components/section-card';
import { describeError } from '../../../lib/errors';
import { splitUserErrors } from '../../../lib/user-errors';
import { usePasswordChangeMutation } from '../api/password-change-mutation';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const EMPTY: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The same rules the server applies (SPEC §5), checked here first so mistakes show at once. */
function validate(values: Values, email: string): Errors {
  const errors: Errors = {};
  if (!values.currentPassword) errors.currentPassword = 'Enter your current password.';
  const problem = passwordProblem(values.newPassword, email);
  if (!values.newPassword) errors.newPassword = 'Enter a new password.';
  else if (problem) errors.newPassword = problem;
  if (!errors.newPassword && values.confirmPassword !== values.newPassword) {
    errors.confirmPassword = "The passwords don't match.";
  }
  return errors;
}

/** Change own password (passwordChange); success signs out every other session. */
export function PasswordForm({ email }: { email: string }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [changePassword, { loading }] = usePasswordChangeMutation();

  const set = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.currentTarget.value };
    setValues(next);
    // After the first attempt, messages follow the typing so they disappear once fixed.
    if (submitted) setErrors(validate(next, email));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setFormErrors([]);
    const found = validate(values, email);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const { data } = await changePassword({
        variables: { currentPassword: values.currentPassword, newPassword: values.newPassword },
      });
      const userErrors = data?.passwordChange.userErrors ?? [];
      if (userErrors.length > 0) {
        const split = splitUserErrors(userErrors, ['currentPassword', 'newPassword'] as const);
        setErrors(split.fields);
        setFormErrors(split.form);
        return;
      }
      setValues(EMPTY);
      setErrors({});
      setSubmitted(false);
      notifications.show({
        color: 'green',
        title: 'Password changed',
        message: 'You stay signed in here; every other session was signed out.',
      });
    } catch (error) {
      setFormErrors([describeError(error).message]);
    }
  };

  return (
    <SectionCard
      title="Password"
      description="Changing your password signs you out on every other device."
      testId="password-section"
    >
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Change password">
        <Stack gap="md">
          {formErrors.length > 0 && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {formErrors.map((message) => (
                <Text key={message} size="sm">
                  {message}
                </Text>
              ))}
            </Alert>
          )}
          {/* Lets password managers tie the new password to the right account. */}
          <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
          <PasswordInput
            label="Current password"
            name="currentPassword"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={set('currentPassword')}
            error={errors.currentPassword}
            // Mantine marks only the wrapper of a PasswordInput; assistive tech needs it on the input.
            aria-invalid={errors.currentPassword ? true : undefined}
            required
          />
          <PasswordInput
            label="New password"
            name="newPassword"
            autoComplete="new-password"
            description={`At least ${PASSWORD_MIN} characters. Not your email, and not a common password.`}
            value={values.newPassword}
            onChange={set('newPassword')}
            error={errors.newPassword}
            aria-invalid={errors.newPassword ? true : undefined}
            required
          />
          <PasswordInput
            label="Repeat new password"
            name="confirmPassword"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={set('confirmPassword')}
            error={errors.confirmPassword}
            aria-invalid={errors.confirmPassword ? true : undefined}
            required
          />
          <Group justify="flex-end">
            <Button type="submit" loading={loading}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
