import { useApolloClient } from '@apollo/client/react';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { describeError } from '../../lib/errors';
import { useLogoutMutation } from '../../lib/shell-api/logout-mutation';

/** Signs out: ends the session, leaves the signed-in screens, then forgets what they loaded. */
export function useSignOut(): { signOut: () => Promise<void>; signingOut: boolean } {
  const client = useApolloClient();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  const [signingOut, setSigningOut] = useState(false);

  const signOut = async () => {
    setSigningOut(true);
    try {
      await logout();
      await navigate('/login', { replace: true });
      await client.clearStore();
    } catch (error) {
      const described = describeError(error);
      notifications.show({ color: 'red', title: "Couldn't sign out", message: described.message });
      setSigningOut(false);
    }
  };
  return { signOut, signingOut };
}
