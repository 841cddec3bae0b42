import { notifications } from '@mantine/notifications';
import { describeError } from '../../../lib/errors';
import type { PlaceableUserError } from '../../../lib/forms/place-user-errors';

/**
 * Runs an order action that has no form of its own (archive, void, cancel a shipment) and says how
 * it went; resolves to whether it was done. A refusal shows the server's words: they name the rule.
 */
export async function runOrderAction(
  run: () => Promise<readonly PlaceableUserError[] | undefined>,
  done: { title: string; message: string },
  failedTitle = 'Not done',
): Promise<boolean> {
  try {
    const errors = (await run()) ?? [];
    if (errors.length) {
      notifications.show({
        color: 'red',
        title: failedTitle,
        message: errors.map((e) => e.message).join(' '),
      });
      return false;
    }
    notifications.show({ color: 'green', ...done });
    return true;
  } catch (error) {
    notifications.show({ color: 'red', title: failedTitle, message: describeError(error).message });
    return false;
  }
}
