import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBuildingStore, IconShieldCheck } from '@tabler/icons-react';
import { useSession } from '../../../lib/session-context';
import { DataView } from '../../../components/data-view';
import { useHomeQuery } from '../api/home-query';
import { PermissionList } from '../components/permission-list';
import { StoreFacts } from '../components/store-facts';

function HomeSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Skeleton height={220} radius="md" />
      <Skeleton height={220} radius="md" />
    </SimpleGrid>
  );
}

/** `/`: the store and the signed-in person's roles (analytics come with a later issue). */
export function HomeRoute() {
  const { staff } = useSession();
  const query = useHomeQuery();
  useDocumentTitle(query.data ? `Home · ${query.data.shop.name} · Stockroom` : 'Home · Stockroom');

  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1}>{`Welcome, ${staff.name}`}</Title>
        <Text c="dimmed">Here is your store and what you can do in it.</Text>
      </div>
      <DataView query={query} skeleton={<HomeSkeleton />}>
        {({ shop, me }) => (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="home-store">
              <Group gap="xs" mb="md">
                <IconBuildingStore size={20} aria-hidden />
                <Title order={2} size="h4" id="home-store">
                  {shop.name}
                </Title>
              </Group>
              <StoreFacts shop={shop} />
            </Paper>
            <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="home-roles">
              <Group gap="xs" mb="md">
                <IconShieldCheck size={20} aria-hidden />
                <Title order={2} size="h4" id="home-roles">
                  Your roles
                </Title>
              </Group>
              {me && (
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
              )}
            </Paper>
          </SimpleGrid>
        )}
      </DataView>
    </Stack>
  );
}
