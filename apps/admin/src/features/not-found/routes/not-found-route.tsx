import { useDocumentTitle } from '@mantine/hooks';
import { NotFoundState } from '../../../components/not-found-state';

/** `*`: any address the app does not know. */
export function NotFoundRoute() {
  useDocumentTitle('Not found · Stockroom');
  return <NotFoundState />;
}
