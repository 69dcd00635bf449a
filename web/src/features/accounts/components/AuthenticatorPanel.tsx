import { useEffect, useState } from 'react';
import { Authenticator } from '@aws-amplify/ui-react';
import '@aws-amplify/ui-react/styles.css';
import type { AuthSettings } from '../../../lib/types';
import { amplifyAuth } from '../lib/amplify';

// The Amplify Authenticator (sign up, confirm, sign in, forgot password),
// with the phone number as the sign-in name and a required attribute: the
// spec identifies shoppers by phone (spec 000 §6). This module is its own
// chunk, loaded by the sign-in page only.

export default function AuthenticatorPanel({ auth, onSignedIn }: { auth: AuthSettings; onSignedIn: () => void }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void amplifyAuth(auth).then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [auth]);
  if (!ready) return <p role="status">Loading sign-in…</p>;
  return (
    <Authenticator loginMechanisms={['phone_number']} signUpAttributes={['phone_number']}>
      {({ user }) => <SignedIn user={user?.username} onSignedIn={onSignedIn} />}
    </Authenticator>
  );
}

function SignedIn({ user, onSignedIn }: { user?: string; onSignedIn: () => void }) {
  useEffect(() => {
    if (user) onSignedIn();
  }, [user, onSignedIn]);
  return <p role="status">Signed in. Taking you back…</p>;
}
