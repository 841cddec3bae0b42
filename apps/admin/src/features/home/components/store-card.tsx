import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconShieldCheck } from '@tabler/icons-react';
import type { HomeQuery } from '../../../gql/graphql';
import { PermissionList } from './permission-list';
import { StoreFacts } from './store-facts';

/** The store's settings at a glance (what Home showed before #17). */
export function StoreCard({ shop }: { shop: HomeQuery['shop'] }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="home-store">
      <Group gap="xs" mb="md">
        <IconBuildingStore size={20} aria-hidden />
        <Title order={2} size="h4" id="home-store">
          {shop.name}
        </Title>
      </Group>
      <StoreFacts shop={shop} />
    </Paper>
  );
}

/** The signed-in person's roles and what they allow. */
export function RolesCard({ me }: { me: HomeQuery['me'] }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="home-roles">
      <Group gap="xs" mb="md">
        <IconShieldCheck size={20} aria-hidden />
        <Title order={2} size="h4" id="home-roles">
          Your roles
        </Title>
      </Group>
      {me && (
        <>
          <Stack gap="sm">
            <Group gap="xs" data-testid="home-roles">
              {me.isOwner && <Badge variant="filled">Owner</Badge>}
              {me.roles.map((role) => (
                <Badge key={role.id} variant="light" title={role.description}>
                  {role.name}
                </Badge>
              ))}
            </Group>
            {me.roles.length === 0 && !me.isOwner ? (
              <Text size="sm">You have no roles yet. Ask a staff manager to give you one.</Text>
            ) : (
              <PermissionList permissions={me.permissions} isOwner={me.isOwner} />
            )}
          </Stack>
        </>
      )}
    </Paper>
  );
}
