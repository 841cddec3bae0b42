import { useCommand } from '../../../components/use-command';
import { useCategoryMoveMutation } from '../api/category-move-mutation';

interface Move {
  category: { id: string; name: string };
  destination: { parentId: string | null; position: number };
  where: string;
}

/** Runs categoryMove and tells the person how it went; resolves true when it moved. */
export function useCategoryMove() {
  const [mutate, { loading }] = useCategoryMoveMutation();
  const command = useCommand({
    mutate: async ({ category, destination }: Move) =>
      (await mutate({ variables: { id: category.id, ...destination } })).data?.categoryMove,
    success: (_, { category, where }) => ({
      title: 'Category moved',
      message: `${category.name} is now ${where}.`,
    }),
    failedTitle: ({ category }) => `${category.name} was not moved`,
  });
  const move = async (
    category: { id: string; name: string },
    destination: { parentId: string | null; position: number },
    where: string,
  ): Promise<boolean> => (await command.run({ category, destination, where })) !== null;
  return { move, loading };
}
