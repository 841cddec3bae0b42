import { useDocumentTitle } from '@mantine/hooks';
import { useParams } from 'react-router';
import { usePasswordResetMutation } from '../api/link-mutations';
import { LinkPage } from '../components/link-page';

/** `/reset/:token`: a new password through a link from a staff manager. */
export function ResetRoute() {
  useDocumentTitle('New password · Stockroom');
  const { token = '' } = useParams();
  const [reset] = usePasswordResetMutation();
  return (
    <LinkPage
      title="Choose a new password"
      intro="Your other sessions end when you save it."
      askName={false}
      submitLabel="Save and sign in"
      onSubmit={async ({ password }) => (await reset({ variables: { token, password } })).data?.passwordReset}
    />
  );
}
