import { useApolloClient } from '@apollo/client/react';
import { MESSAGES } from '@stockroom/domain/messages';
import { Alert, Box, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconClockExclamation, IconPackage } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormErrors } from '../../../components/form-errors';
import { TextField } from '../../../components/forms/form-fields';
import { PasswordField } from '../../../components/forms/password-field';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { safeNextPath } from '../../../lib/safe-next';
import type { LoginLocationState } from '../../../lib/session-events';
import { useLoginMutation } from '../api/login-mutation';

interface LoginValues {
  email: string;
  password: string;
}

/** Only what must be there: whether the pair is right is the server's to say, in one message. */
export const loginSchema = z.object({
  email: z.string().trim().min(1, { message: 'Enter your email address.' }),
  password: z.string().min(1, { message: 'Enter your password.' }),
});

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
  const [login] = useLoginMutation();
  const [tried, setTried] = useState(false);
  const sessionEnded = sessionEndedFrom(location.state) && !tried;
  const form = useZodForm<LoginValues>({
    schema: loginSchema,
    defaultValues: { email: '', password: '' },
    // login takes the email and password as arguments, not an input.
    errorPrefix: [],
    onSubmit: async ({ email, password }) => {
      const { data } = await login({ variables: { email: email.trim(), password } });
      const payload = data?.login;
      if (!payload || payload.userErrors.length > 0 || !payload.staff) {
        const errors = payload?.userErrors ?? [];
        return errors.length > 0
          ? errors
          : [{ field: null, code: 'ERROR', message: 'Sign-in failed. Try again.' }];
      }
      // Start clean: nothing cached from a previous person or session survives a sign-in.
      await client.clearStore();
      await navigate(safeNextPath(searchParams.get('next')) ?? '/', { replace: true });
    },
  });

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
          <form
            onSubmit={(event) => {
              setTried(true);
              void form.submit(event);
            }}
            noValidate
            aria-label="Sign in"
          >
            <Stack gap="md">
              {sessionEnded && (
                <Alert color="blue" variant="light" icon={<IconClockExclamation aria-hidden />} role="status">
                  {MESSAGES.sessionEnded}
                </Alert>
              )}
              <FormErrors messages={form.formErrors} />
              <TextField
                control={form.control}
                name="email"
                type="email"
                label="Email"
                autoComplete="username"
                inputMode="email"
                autoFocus
                required
              />
              <PasswordField
                control={form.control}
                name="password"
                label="Password"
                autoComplete="current-password"
                required
              />
              <Button type="submit" fullWidth loading={form.saving} mt="xs">
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
