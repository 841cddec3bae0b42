import { Button, Group, Stack, Text, Timeline } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { z } from 'zod';
import { FormErrors } from '../../../components/form-errors';
import { TextareaField } from '../../../components/forms/form-fields';
import { SectionCard } from '../../../components/section-card';
import { useCommand } from '../../../components/use-command';
import type { OrderFieldsFragment } from '../../../gql/graphql';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { useFormatDateTime } from '../../../lib/use-format-date-time';
import { useOrderCommentAddMutation } from '../api/order-comment-add-mutation';

const schema = z.object({
  body: z
    .string()
    .trim()
    .min(1, { message: 'Write a comment first.' })
    .max(5000, { message: 'Use at most 5,000 characters.' }),
});

function CommentForm({ order }: { order: OrderFieldsFragment }) {
  const [add] = useOrderCommentAddMutation();
  // The comment showing in the timeline says it was posted: no toast.
  const post = useCommand({
    mutate: async (body: string) => (await add({ variables: { id: order.id, body } })).data?.orderCommentAdd,
  });
  const form = useZodForm<{ body: string }>({
    schema,
    defaultValues: { body: '' },
    errorPrefix: [],
    onSubmit: ({ body }) => post.submit(body.trim()),
    onSaved: () => form.reset({ body: '' }),
  });
  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate aria-label="Add comment">
      <Stack gap="xs">
        <FormErrors messages={form.formErrors} title="Not posted" />
        <TextareaField
          control={form.control}
          name="body"
          label="Comment"
          placeholder="Visible to staff only"
          autosize
          minRows={2}
          maxRows={10}
        />
        <Group justify="flex-end">
          <Button type="submit" size="xs" loading={form.saving}>
            Post comment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** What happened to the order and what staff said about it, newest first, with a box to comment. */
export function OrderTimelineCard({
  order,
  canComment,
}: {
  order: OrderFieldsFragment;
  canComment: boolean;
}) {
  const formatDateTime = useFormatDateTime();
  return (
    <SectionCard title="Timeline" testId="order-timeline">
      <Stack gap="md">
        {canComment && <CommentForm order={order} />}
        {order.timeline.length === 0 ? (
          <Text c="dimmed" size="sm">
            Nothing has happened yet.
          </Text>
        ) : (
          <Timeline bulletSize={order.timeline.some((e) => e.kind === 'COMMENT') ? 20 : 12} lineWidth={2}>
            {order.timeline.map((e) => {
              const comment = e.kind === 'COMMENT';
              return (
                <Timeline.Item
                  key={e.id}
                  bullet={comment ? <IconMessage size={12} aria-hidden /> : undefined}
                  title={comment ? (e.actorName ?? 'Staff') : undefined}
                  data-testid={comment ? 'timeline-comment' : 'timeline-event'}
                >
                  <Text size="sm" c={comment ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
                    {e.message}
                  </Text>
                  <Text size="xs" c="dimmed" mt={2}>
                    {[
                      !comment && e.actorName && !e.message.includes(e.actorName) && e.actorName,
                      formatDateTime(e.createdAt),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Timeline.Item>
              );
            })}
          </Timeline>
        )}
      </Stack>
    </SectionCard>
  );
}
