import { Alert, Code } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';

/** Said wherever messages are listed while no mail server is configured: they are kept, not sent. */
export function MailServerBanner({ smtpConfigured }: { smtpConfigured: boolean }) {
  if (smtpConfigured) return null;
  return (
    <Alert color="yellow" icon={<IconMailOff size={18} aria-hidden />} title="Email is not being sent">
      No mail server is configured, so messages are kept here as they would have been sent, marked “Not sent”.
      Set <Code>SMTP_URL</Code> (and <Code>STOCKROOM_MAIL_FROM</Code>) to send them.
    </Alert>
  );
}
