import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ApiTokensQuery } from '../../../gql/graphql';
import { useFormatDateTime } from '../../../lib/use-format-date-time';

type Token = ApiTokensQuery['apiTokens'][number];

const STATUS: Record<Token['status'], { color: string; label: string }> = {
  ACTIVE: { color: 'green', label: 'Active' },
  EXPIRED: { color: 'gray', label: 'Expired' },
  REVOKED: { color: 'red', label: 'Revoked' },
};

/** Each token: name, start of the secret, what it may do, who made it, when it was last used. */
export function TokenTable({ tokens, onRevoke }: { tokens: Token[]; onRevoke: (t: Token) => void }) {
  const format = useFormatDateTime();
  return (
    <Stack gap="xs">
      {tokens.map((t) => (
        <Paper key={t.id} withBorder radius="md" p="sm" data-testid="api-token">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text fw={600}>{t.name}</Text>
                <Text size="sm" c="dimmed" ff="monospace">
                  {t.prefix}…
                </Text>
                <Badge variant="dot" color={STATUS[t.status].color} tt="none">
                  {STATUS[t.status].label}
                </Badge>
              </Group>
              <Group gap={4}>
                {t.permissions.map((p) => (
                  <Badge key={p} variant="outline" color="gray" tt="none" size="sm">
                    {p}
                  </Badge>
                ))}
              </Group>
              <Text size="xs" c="dimmed">
                Made by {t.createdBy?.name ?? t.createdBy?.email ?? 'someone no longer here'} on{' '}
                {format(t.createdAt)}
                {' · '}
                {t.lastUsedAt ? `last used ${format(t.lastUsedAt)}` : 'never used'}
                {t.expiresAt ? ` · expires ${format(t.expiresAt)}` : ''}
                {t.revokedAt ? ` · revoked ${format(t.revokedAt)}` : ''}
              </Text>
            </Stack>
            {t.status === 'ACTIVE' && (
              <Button variant="subtle" color="red" size="compact-sm" onClick={() => onRevoke(t)}>
                Revoke
              </Button>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
