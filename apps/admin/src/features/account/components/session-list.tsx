import { Badge, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import { useCommand } from '../../../components/use-command';
import type { AccountQuery } from '../../../gql/graphql';
import { describeUserAgent, formatRelative } from '../../../lib/format';
import { useFormatDateTime } from '../../../lib/use-format-date-time';
import { useSessionRevokeMutation } from '../api/session-revoke-mutation';

type Session = NonNullable<AccountQuery['me']>['sessions'][number];

function isPhone(userAgent: string | null | undefined): boolean {
  return !!userAgent && /Mobile|iPhone|Android/.test(userAgent);
}

function sessionLabel(session: Session): string {
  return describeUserAgent(session.userAgent);
}

/** Current session first, then the most recently used. */
function ordered(sessions: readonly Session[]): Session[] {
  return [...sessions].sort((a, b) => {
    if (a.current !== b.current) return a.current ? -1 : 1;
    return b.lastSeenAt.localeCompare(a.lastSeenAt);
  });
}

/** Own sessions, with "Sign out" per other session and "Sign out of all other sessions". */
export function SessionList({ sessions }: { sessions: readonly Session[] }) {
  const formatDateTime = useFormatDateTime();
  const [revoke] = useSessionRevokeMutation();
  const [pending, setPending] = useState<string | null>(null);
  const others = sessions.filter((s) => !s.current).length;

  const command = useCommand({
    mutate: async (variables: { id?: string; allOthers?: boolean }) =>
      (await revoke({ variables })).data?.sessionRevoke,
    failedTitle: "Couldn't sign out",
    success: ({ revokedCount: n }) => ({
      title: 'Signed out',
      message: n === 1 ? 'One session was signed out.' : `${n} sessions were signed out.`,
    }),
  });
  const run = async (key: string, variables: { id?: string; allOthers?: boolean }) => {
    setPending(key);
    try {
      await command.run(variables);
    } finally {
      setPending(null);
    }
  };

  return (
    <SectionCard
      title="Where you're signed in"
      description="Sign out of any session you don't recognise, then change your password."
      testId="sessions-section"
    >
      <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {ordered(sessions).map((session, index) => (
          <Group
            key={session.id}
            component="li"
            justify="space-between"
            wrap="wrap"
            gap="sm"
            py="sm"
            style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
            data-testid="session-row"
          >
            <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 240px' }}>
              <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
                {isPhone(session.userAgent) ? (
                  <IconDeviceMobile size={20} />
                ) : (
                  <IconDeviceDesktop size={20} />
                )}
              </ThemeIcon>
              <div style={{ minWidth: 0 }}>
                <Group gap={6}>
                  <Text fw={600} size="sm">
                    {sessionLabel(session)}
                  </Text>
                  {session.current && (
                    <Badge size="sm" variant="dot" color="teal">
                      This device
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {[session.ip, `signed in ${formatRelative(session.createdAt)}`].filter(Boolean).join(' · ')}
                </Text>
                <Text size="xs" c="dimmed" title={formatDateTime(session.lastSeenAt)}>
                  {session.current ? 'Active now' : `Last active ${formatRelative(session.lastSeenAt)}`}
                </Text>
              </div>
            </Group>
            {!session.current && (
              <Button
                size="xs"
                variant="default"
                loading={pending === session.id}
                disabled={pending !== null && pending !== session.id}
                onClick={() => void run(session.id, { id: session.id })}
                aria-label={`Sign out ${sessionLabel(session)}, last active ${formatRelative(session.lastSeenAt)}`}
              >
                Sign out
              </Button>
            )}
          </Group>
        ))}
      </Stack>
      <Group justify="space-between" mt="md" gap="sm">
        <Text size="sm" c="dimmed">
          {others === 0
            ? "You're not signed in anywhere else."
            : `Signed in on ${others} other ${others === 1 ? 'device' : 'devices'}.`}
        </Text>
        <Button
          variant="light"
          color="red"
          leftSection={<IconLogout size={16} aria-hidden />}
          disabled={others === 0 || (pending !== null && pending !== 'all')}
          loading={pending === 'all'}
          onClick={() => void run('all', { allOthers: true })}
        >
          Sign out of all other sessions
        </Button>
      </Group>
    </SectionCard>
  );
}
