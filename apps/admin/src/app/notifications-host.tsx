import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';

/** Where toasts appear; its own chunk (see Providers). */
export function NotificationsHost() {
  return <Notifications position="top-right" limit={4} />;
}
