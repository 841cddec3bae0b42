import { Alert, Code, Text } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';

/** Said wherever messages are listed while no mail server is configured: they are kept, not sent. */
export function MailServerBanner({ smtpConfigured }: { smtpConfigured: boolean }) {
  if (smtpConfigured) return null;
  return (
    <Alert color="yellow" variant="light" role="status" icon={<IconMailOff size={18} aria-hidden />}>
      <Text fw={600} size="sm">
        Email is not being sent
      </Text>
      No mail server is configured, so messages are kept here as they would have been sent, marked “Not sent”.
      Set <Code>SMTP_URL</Code> (and <Code>STOCKROOM_MAIL_FROM</Code>) to send them.
    </Alert>
  );
}
