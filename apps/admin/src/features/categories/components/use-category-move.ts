import { notifications } from '@mantine/notifications';
import { describeError } from '../../../lib/errors';
import { useCategoryMoveMutation } from '../api/category-move-mutation';

/** Runs categoryMove and tells the person how it went; resolves true when it moved. */
export function useCategoryMove() {
  const [mutate, { loading }] = useCategoryMoveMutation();
  const move = async (
    category: { id: string; name: string },
    destination: { parentId: string | null; position: number },
    where: string,
  ): Promise<boolean> => {
    try {
      const { data } = await mutate({ variables: { id: category.id, ...destination } });
      const errors = data?.categoryMove.userErrors ?? [];
      if (errors.length > 0) {
        notifications.show({
          color: 'red',
          title: `${category.name} was not moved`,
          message: errors.map((e) => e.message).join(' '),
        });
        return false;
      }
      notifications.show({
        color: 'green',
        title: 'Category moved',
        message: `${category.name} is now ${where}.`,
      });
      return true;
    } catch (error) {
      notifications.show({
        color: 'red',
        title: `${category.name} was not moved`,
        message: describeError(error).message,
      });
      return false;
    }
  };
  return { move, loading };
}
