import { Avatar, Group, Text, Tooltip } from '@mantine/core';
import { useSubscription } from '@apollo/client/react';
import { graphql } from '../gql';

/** Who else has this order or product open (the avatars on its page). */
export const presenceDocument = graphql(`
  subscription Presence($subjectId: ID!) {
    presence(subjectId: $subjectId) {
      staffId
      name
      since
    }
  }
`);

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');

/** "Pat Packer has this order open", "Pat Packer, Maya Lee have this product open". */
export const presenceWords = (names: readonly string[], noun: string) =>
  `${names.join(', ')} ${names.length === 1 ? 'has' : 'have'} this ${noun} open`;

/**
 * Avatars of the other people who have this order or product open now (issue #28 §3 presence);
 * nothing while nobody else does.
 */
export function PresenceAvatars({ subjectId, noun }: { subjectId: string; noun: string }) {
  const { data } = useSubscription(presenceDocument, { variables: { subjectId } });
  const viewers = data?.presence ?? [];
  if (!viewers.length) return null;
  const words = presenceWords(
    viewers.map((v) => v.name),
    noun,
  );
  // Beside the avatars on wider screens, so initials alone need no guessing (the tooltip says it all).
  const short = viewers.length === 1 ? `${viewers[0]!.name} is viewing` : `${viewers.length} others viewing`;
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="xs" c="dimmed" visibleFrom="sm" aria-hidden>
        {short}
      </Text>
      <Tooltip label={words} withArrow events={{ hover: true, focus: true, touch: true }}>
        <Avatar.Group spacing="xs" aria-label={words} role="img" data-testid="presence">
          {viewers.slice(0, 3).map((v) => (
            <Avatar key={v.staffId} size="sm" radius="xl" color="blue">
              {initials(v.name)}
            </Avatar>
          ))}
          {viewers.length > 3 && (
            <Avatar size="sm" radius="xl">
              +{viewers.length - 3}
            </Avatar>
          )}
        </Avatar.Group>
      </Tooltip>
    </Group>
  );
}
