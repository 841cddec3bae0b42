import { Checkbox } from '@mantine/core';

/**
 * "Notify customer" in the actions that email the customer (placing, shipping, cancelling,
 * refunding): on by default; off and disabled, with the reason, when there is no email to send to.
 */
export function NotifyCustomerCheckbox({
  email,
  checked,
  onChange,
  what,
}: {
  email: string | null | undefined;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** What the email says: "the shipping confirmation". */
  what: string;
}) {
  const has = Boolean(email?.trim());
  return (
    <Checkbox
      label="Notify customer"
      description={
        has ? `Email ${what} to ${email}.` : 'The order has no email address, so no email is sent.'
      }
      checked={has && checked}
      disabled={!has}
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
}
