import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormErrors } from '../../../components/form-errors';
import { useCommand } from '../../../components/use-command';
import type { StaffInviteInput } from '../../../gql/graphql';
import { describeError } from '../../../lib/errors';
import type { PlaceableUserError } from '../../../lib/forms/place-user-errors';
import { useStaffInviteMutation } from '../api/staff-mutations';
import { useRolesQuery } from '../api/staff-queries';
import { RoleChecklist } from './role-checklist';

/** Who to invite and with which roles; on success hands over the invitation link. */
export function InviteForm({
  onInvited,
  onCancel,
}: {
  onInvited: (name: string, path: string) => void;
  onCancel: () => void;
}) {
  const roles = useRolesQuery().data?.roles ?? [];
  const [invite, inviting] = useStaffInviteMutation();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [roleIds, setRoleIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);

  const command = useCommand({
    mutate: async (input: StaffInviteInput) => (await invite({ variables: { input } })).data?.staffInvite,
    onDone: (payload) => {
      if (payload.path && payload.staff) onInvited(payload.staff.name, payload.path);
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let problems: readonly PlaceableUserError[];
    try {
      problems = await command.submit({ email, name, roleIds });
    } catch (error) {
      return setFormErrors([describeError(error).message]);
    }
    const byField: Record<string, string> = {};
    const rest: string[] = [];
    for (const e of problems) {
      const f = e.field?.[1];
      if (f && !byField[f]) byField[f] = e.message;
      else if (!f) rest.push(e.message);
    }
    setErrors(byField);
    setFormErrors(rest);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Invite">
      <Stack gap="sm">
        <FormErrors messages={formErrors} />
        <TextInput
          label="Email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errors['email']}
          data-autofocus
        />
        <TextInput
          label="Name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors['name']}
        />
        <RoleChecklist roles={roles} value={roleIds} onChange={setRoleIds} error={errors['roleIds']} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={inviting.loading}>
            Invite
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
