import { useEffect, useState } from 'react';
import { Authenticator } from '@aws-amplify/ui-react';
import { signIn, signUp, type SignInInput, type SignUpInput } from 'aws-amplify/auth';
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
    <Authenticator
      loginMechanisms={['phone_number']}
      signUpAttributes={['phone_number']}
      services={auth.endpoint ? { handleSignIn: passwordSignIn as typeof signIn, handleSignUp: passwordSignUp as typeof signUp } : undefined}
    >
      {({ user }) => <SignedIn user={user?.username} onSignedIn={onSignedIn} />}
    </Authenticator>
  );
}

/**
 * passwordSignIn signs in with USER_PASSWORD_AUTH: cognito-local (auth.endpoint
 * is set only locally) does not answer Amplify's default SRP flow. In AWS the
 * default SRP flow is kept (the app clients allow SRP only).
 */
function passwordSignIn(input: SignInInput) {
  return signIn({ ...input, options: { ...input.options, authFlowType: 'USER_PASSWORD_AUTH' } });
}

/**
 * passwordSignUp keeps the sign-in that follows a confirmed sign-up on the
 * same flow: Amplify's automatic sign-in after the code would otherwise try
 * SRP against cognito-local and leave the shopper on the sign-in form.
 */
function passwordSignUp(input: SignUpInput) {
  return signUp({ ...input, options: { userAttributes: {}, ...input.options, autoSignIn: { authFlowType: 'USER_PASSWORD_AUTH' } } });
}

function SignedIn({ user, onSignedIn }: { user?: string; onSignedIn: () => void }) {
  useEffect(() => {
    if (user) onSignedIn();
  }, [user, onSignedIn]);
  return <p role="status">Signed in. Taking you back…</p>;
}
