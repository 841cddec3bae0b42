import { Anchor, Button, Group, Stack, Text, Textarea, Timeline } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { useCommand } from '../../../components/use-command';
import type { CustomerFieldsFragment } from '../../../gql/graphql';
import { useFormatDateTime } from '../../../lib/use-format-date-time';
import { useCustomerCommentAddMutation } from '../api/customer-comment-add-mutation';
import { timelineEntries, type TimelineEntry } from './timeline-entries';

/** The entry's words, the order's name in them a link to the order. */
function EntryText({ entry }: { entry: TimelineEntry }) {
  if (!entry.order) return <>{entry.text}</>;
  const at = entry.text.indexOf(entry.order.name);
  if (at < 0) return <>{entry.text}</>;
  return (
    <>
      {entry.text.slice(0, at)}
      <Anchor component={Link} to={`/orders/${entry.order.id}`} size="sm" inherit>
        {entry.order.name}
      </Anchor>
      {entry.text.slice(at + entry.order.name.length)}
    </>
  );
}

/**
 * Staff comments, the customer's history from the audit log, and their orders and refunds, newest
 * first, with a box to comment.
 */
export function TimelineCard({
  customer,
  canComment,
}: {
  customer: CustomerFieldsFragment;
  canComment: boolean;
}) {
  const [body, setBody] = useState('');
  const formatDateTime = useFormatDateTime();
  const [error, setError] = useState<string | null>(null);
  const [add, { loading }] = useCustomerCommentAddMutation();
  const entries = timelineEntries(customer);

  const post = useCommand({
    mutate: async (text: string) =>
      (await add({ variables: { customerId: customer.id, body: text } })).data?.customerCommentAdd,
    success: () => ({ title: 'Comment added', message: 'It is on the timeline.' }),
    onFailed: (messages) => setError(messages.join(' ')),
    onDone: () => {
      setBody('');
      setError(null);
    },
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!body.trim()) {
      setError('Write a comment first.');
      return;
    }
    await post.run(body.trim());
  };

  return (
    <SectionCard title="Timeline">
      <Stack gap="md" mt="sm">
        {canComment && (
          <form onSubmit={(event) => void submit(event)} aria-label="Add comment">
            <Stack gap="xs">
              <Textarea
                label="Comment"
                placeholder="Visible to staff only"
                autosize
                minRows={2}
                value={body}
                onChange={(event) => setBody(event.currentTarget.value)}
                error={error}
              />
              <Group justify="flex-end">
                <Button type="submit" size="xs" loading={loading}>
                  Post comment
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {entries.length === 0 ? (
          <Text c="dimmed" size="sm">
            Nothing has happened yet.
          </Text>
        ) : (
          <Timeline bulletSize={12} lineWidth={2}>
            {entries.map((e) => (
              <Timeline.Item
                key={e.key}
                title={e.kind === 'order' ? undefined : e.who}
                data-testid={`timeline-${e.kind}`}
              >
                <Text
                  size="sm"
                  fw={e.kind === 'order' ? 600 : undefined}
                  c={e.kind === 'event' ? 'dimmed' : undefined}
                  style={{ whiteSpace: 'pre-wrap' }}
                >
                  <EntryText entry={e} />
                </Text>
                {e.details.map((d) => (
                  <Text key={d} size="xs" c="dimmed">
                    {d}
                  </Text>
                ))}
                <Text size="xs" c="dimmed" mt={2}>
                  {formatDateTime(e.at)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Stack>
    </SectionCard>
  );
}
