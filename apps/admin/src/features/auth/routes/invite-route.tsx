import { useDocumentTitle } from '@mantine/hooks';
import { useParams } from 'react-router';
import { useInvitationAcceptMutation } from '../api/link-mutations';
import { LinkPage } from '../components/link-page';

/** `/invite/:token`: an invited person joins the store's staff. */
export function InviteRoute() {
  useDocumentTitle('Join · Stockroom');
  const { token = '' } = useParams();
  const [accept] = useInvitationAcceptMutation();
  return (
    <LinkPage
      title="Join the team"
      intro="You were invited to the store's back office. Say who you are and choose a password."
      askName
      submitLabel="Join and sign in"
      onSubmit={async ({ name, password }) =>
        (await accept({ variables: { token, name, password } })).data?.invitationAccept
      }
    />
  );
}
