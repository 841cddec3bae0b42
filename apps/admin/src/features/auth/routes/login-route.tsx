import { useApolloClient } from '@apollo/client/react';
import {
  Alert,
  Box,
  Button,
  Center,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconClockExclamation, IconPackage } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { describeError } from '../../../lib/errors';
import { safeNextPath } from '../../../lib/safe-next';
import type { LoginLocationState } from '../../../lib/session-events';
import { splitUserErrors } from '../../../lib/user-errors';
import { useLoginMutation } from '../api/login-mutation';

type Field = 'email' | 'password';

function textOf(value: FormDataEntryValue | null): string {
  return typeof value === 'string' ? value : '';
}

function sessionEndedFrom(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as LoginLocationState).sessionEnded === true;
}

/** `/login`: sign in, then return to `?next=` (a same-site path) or Home. */
export function LoginRoute() {
  useDocumentTitle('Sign in · Stockroom');
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const client = useApolloClient();
  const [login, { loading }] = useLoginMutation();
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const sessionEnded = sessionEndedFrom(location.state) && !tried;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = textOf(form.get('email')).trim();
    const password = textOf(form.get('password'));
    const missing: Partial<Record<Field, string>> = {};
    if (!email) missing.email = 'Enter your email address.';
    if (!password) missing.password = 'Enter your password.';
    setTried(true);
    setFieldErrors(missing);
    setFormErrors([]);
    if (missing.email || missing.password) return;

    try {
      const { data } = await login({ variables: { email, password } });
      const payload = data?.login;
      if (!payload || payload.userErrors.length > 0 || !payload.staff) {
        const split = splitUserErrors(payload?.userErrors ?? [], ['email', 'password'] as const);
        const nothingSaid = split.form.length === 0 && Object.keys(split.fields).length === 0;
        setFieldErrors(split.fields);
        setFormErrors(nothingSaid ? ['Sign-in failed. Try again.'] : split.form);
        return;
      }
      // Start clean: nothing cached from a previous person or session survives a sign-in.
      await client.clearStore();
      await navigate(safeNextPath(searchParams.get('next')) ?? '/', { replace: true });
    } catch (error) {
      setFormErrors([describeError(error).message]);
    }
  };

  return (
    <Center component="main" mih="100dvh" p="md" bg="var(--mantine-color-gray-light)">
      <Box w="100%" maw={400}>
        <Stack align="center" gap={6} mb="lg">
          <IconPackage size={40} stroke={1.6} color="var(--mantine-primary-color-filled)" aria-hidden />
          <Title order={1} size="h2">
            Sign in to Stockroom
          </Title>
          <Text c="dimmed" size="sm">
            The back office of your store
          </Text>
        </Stack>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', xs: 'xl' }}>
          <form onSubmit={(event) => void submit(event)} noValidate aria-label="Sign in">
            <Stack gap="md">
              {sessionEnded && (
                <Alert color="blue" variant="light" icon={<IconClockExclamation aria-hidden />} role="status">
                  Your session has ended. Sign in again.
                </Alert>
              )}
              {formErrors.length > 0 && (
                <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
                  {formErrors.map((message) => (
                    <Text key={message} size="sm">
                      {message}
                    </Text>
                  ))}
                </Alert>
              )}
              <TextInput
                name="email"
                type="email"
                label="Email"
                autoComplete="username"
                inputMode="email"
                autoFocus
                required
                error={fieldErrors.email}
              />
              <PasswordInput
                name="password"
                label="Password"
                autoComplete="current-password"
                required
                error={fieldErrors.password}
                // Mantine marks only the wrapper of a PasswordInput; assistive tech needs it on the input.
                aria-invalid={fieldErrors.password ? true : undefined}
              />
              <Button type="submit" fullWidth loading={loading} mt="xs">
                Sign in
              </Button>
            </Stack>
          </form>
        </Paper>
        <Text size="xs" c="dimmed" ta="center" mt="md">
          Forgot your password? Ask a staff manager for a reset link.
        </Text>
      </Box>
    </Center>
  );
}
