import { Button, Group, Select, Stack, TagsInput, TextInput } from '@mantine/core';
import { WEBHOOK_TOPIC_LABELS, WEBHOOK_TOPIC_PERMISSION, WEBHOOK_TOPICS } from '@stockroom/domain';
import { useState } from 'react';
import { FormErrors } from '../../../components/form-errors';
import { useCommand } from '../../../components/use-command';
import type { WebhookSubscriptionInput } from '../../../gql/graphql';
import { describeError } from '../../../lib/errors';
import { placeUserErrors, type PlaceableUserError } from '../../../lib/forms/place-user-errors';
import { useSession } from '../../../lib/session-context';
import { useWebhookSubscriptionCreateMutation } from '../api/webhook-mutations';

interface Values {
  topic: string;
  url: string;
  includeFields: string[];
}

/**
 * Topic (only those whose objects the person may read), URL and, optionally, the payload's fields;
 * on success hands the secret, shown once, to `onMade`.
 */
export function SubscriptionForm({
  onMade,
  onCancel,
}: {
  onMade: (label: string, secret: string) => void;
  onCancel: () => void;
}) {
  const { can } = useSession();
  const [create, creating] = useWebhookSubscriptionCreateMutation();
  const [values, setValues] = useState<Values>({ topic: '', url: '', includeFields: [] });
  const [errors, setErrors] = useState<{ fields: Map<string, string>; form: string[] }>({
    fields: new Map(),
    form: [],
  });
  const clear = (field: string) =>
    setErrors((e) =>
      e.fields.has(field) ? { ...e, fields: new Map([...e.fields].filter(([k]) => k !== field)) } : e,
    );

  const command = useCommand({
    mutate: async (input: WebhookSubscriptionInput) =>
      (await create({ variables: { input } })).data?.webhookSubscriptionCreate,
    success: () => null,
    onDone: ({ webhookSubscription, secret }) => {
      if (webhookSubscription && secret) onMade(webhookSubscription.topicLabel, secret);
    },
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    let problems: readonly PlaceableUserError[];
    try {
      problems = await command.submit({
        topic: values.topic,
        url: values.url,
        includeFields: values.includeFields,
      });
    } catch (error) {
      return setErrors({ fields: new Map(), form: [describeError(error).message] });
    }
    if (!problems.length) return;
    const placed = placeUserErrors({ topic: '', url: '', includeFields: '' }, problems, ['input']);
    setErrors({ fields: new Map([...placed.fields].map(([k, v]) => [k, v.message])), form: placed.form });
  };

  const topics = WEBHOOK_TOPICS.filter((t) => can(WEBHOOK_TOPIC_PERMISSION[t])).map((t) => ({
    value: t,
    label: WEBHOOK_TOPIC_LABELS[t],
  }));
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Webhook subscription">
      <Stack gap="sm">
        <FormErrors messages={errors.form} />
        <Select
          label="Topic"
          description="What happened, that the URL hears about."
          placeholder="Choose a topic"
          data={topics}
          value={values.topic || null}
          onChange={(topic) => {
            setValues({ ...values, topic: topic ?? '' });
            clear('topic');
          }}
          error={errors.fields.get('topic')}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label="URL"
          description="Where to POST the JSON: an https address on the internet."
          placeholder="https://example.com/webhooks/stockroom"
          value={values.url}
          onChange={(e) => {
            setValues({ ...values, url: e.currentTarget.value });
            clear('url');
          }}
          error={errors.fields.get('url')}
          inputMode="url"
          autoComplete="off"
        />
        <TagsInput
          label="Only these fields (optional)"
          description="Top-level fields of the payload to send, like total or lines; the id always comes. Leave empty for all."
          value={values.includeFields}
          onChange={(includeFields) => {
            setValues({ ...values, includeFields });
            clear('includeFields');
          }}
          error={errors.fields.get('includeFields')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={creating.loading}>
            Add webhook
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
