import { useApolloClient } from '@apollo/client/react';
import {
  Box,
  Button,
  Center,
  Paper,
  PasswordInput,
  Progress,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { passwordProblem, PASSWORD_MIN } from '@stockroom/domain';
import { IconPackage } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormErrors } from '../../../components/form-errors';
import { describeError } from '../../../lib/errors';
import { useLoginMutation } from '../api/login-mutation';

type Answer = {
  email?: string | null;
  userErrors: readonly { field?: readonly string[] | null; message: string }[];
};

/** How strong a password looks as it is typed: its length toward 20, red until the rules hold. */
export function passwordStrength(password: string): { value: number; ok: boolean } {
  return { value: Math.min(100, Math.round((password.length / 20) * 100)), ok: !passwordProblem(password) };
}

/**
 * The page a link from a staff manager opens (an invitation or a password reset): a name when
 * joining, a new password with its rules as you type; then the person is signed in.
 */
export function LinkPage({
  title,
  intro,
  askName,
  submitLabel,
  onSubmit,
}: {
  title: string;
  intro: string;
  askName: boolean;
  submitLabel: string;
  onSubmit: (values: { name: string; password: string }) => Promise<Answer | undefined>;
}) {
  const navigate = useNavigate();
  const client = useApolloClient();
  const [login] = useLoginMutation();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; password?: string; form: string[] }>({ form: [] });
  const strength = passwordStrength(password);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const answer = await onSubmit({ name, password });
      const problems = answer?.userErrors ?? [];
      if (!answer?.email || problems.length) {
        const about = (f: string) => problems.find((p) => p.field?.at(-1) === f)?.message;
        setErrors({
          name: about('name'),
          password: about('password'),
          form: problems
            .filter((p) => !['name', 'password'].includes(p.field?.at(-1) ?? ''))
            .map((p) => p.message),
        });
        return;
      }
      await login({ variables: { email: answer.email, password } });
      await client.clearStore();
      await navigate('/', { replace: true });
    } catch (error) {
      setErrors({ form: [describeError(error).message] });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Center component="main" mih="100dvh" p="md" bg="var(--mantine-color-gray-light)">
      <Box w="100%" maw={420}>
        <Stack align="center" gap={6} mb="lg">
          <IconPackage size={40} stroke={1.6} color="var(--mantine-primary-color-filled)" aria-hidden />
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed" size="sm" ta="center">
            {intro}
          </Text>
        </Stack>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', xs: 'xl' }}>
          <form onSubmit={(e) => void submit(e)} noValidate aria-label={title}>
            <Stack gap="md">
              <FormErrors messages={errors.form} />
              {askName && (
                <TextInput
                  label="Your name"
                  value={name}
                  onChange={(e) => {
                    setName(e.currentTarget.value);
                    setErrors((x) => ({ ...x, name: undefined }));
                  }}
                  error={errors.name}
                  autoComplete="name"
                  required
                  autoFocus
                />
              )}
              <div>
                <PasswordInput
                  label="New password"
                  description={`At least ${PASSWORD_MIN} characters; not your email or a common password.`}
                  value={password}
                  onChange={(e) => {
                    setPassword(e.currentTarget.value);
                    setErrors((x) => ({ ...x, password: undefined }));
                  }}
                  error={errors.password}
                  autoComplete="new-password"
                  required
                  autoFocus={!askName}
                />
                <Progress
                  value={strength.value}
                  color={strength.ok ? 'green' : 'red'}
                  size="sm"
                  mt={6}
                  aria-label="Password strength"
                />
              </div>
              <Button type="submit" fullWidth loading={saving}>
                {submitLabel}
              </Button>
            </Stack>
          </form>
        </Paper>
      </Box>
    </Center>
  );
}
