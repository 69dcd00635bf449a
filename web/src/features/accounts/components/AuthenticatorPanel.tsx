import { useEffect, useMemo, useState } from 'react';
import { Authenticator } from '@aws-amplify/ui-react';
import { confirmResetPassword, confirmSignUp, resendSignUpCode, resetPassword, signIn, signUp, type SignInInput, type SignUpInput } from 'aws-amplify/auth';
import '@aws-amplify/ui-react/styles.css';
import './AuthenticatorPanel.css';
import type { AuthSettings } from '../../../lib/types';
import { amplifyAuth } from '../../../lib/shopper/amplify';
import { withoutTrunkZero } from '../lib/phone';

// The Amplify Authenticator (sign up, confirm, sign in, forgot password),
// with the phone number as the sign-in name and a required attribute: the
// spec identifies shoppers by phone (spec 000 §6). This module is its own
// chunk, loaded by the sign-in page only.

/**
 * DIAL_CODE is the country code the phone fields start with: the platform's
 * dealers and shoppers are Australian (prices in AUD, Australian postcodes),
 * and Amplify's own default is +1. The list still offers every code.
 */
const DIAL_CODE = '+61';

// The placeholder shows the number as Australians write it (Amplify's own,
// "Enter your Phone Number", is cut off on a phone); the 0 is dropped before
// it is sent (services below).
const PHONE = { dialCode: DIAL_CODE, placeholder: '0412 345 678' };
const FORM_FIELDS = {
  signIn: { username: PHONE },
  signUp: { phone_number: PHONE },
  forgotPassword: { username: PHONE },
};

export default function AuthenticatorPanel({ auth, onSignedIn }: { auth: AuthSettings; onSignedIn: () => void }) {
  const [ready, setReady] = useState(false);
  const calls = useMemo(() => services(Boolean(auth.endpoint)), [auth.endpoint]);
  useEffect(() => {
    let live = true;
    void amplifyAuth(auth).then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [auth]);
  if (!ready) return <p role="status">Loading sign-in…</p>;
  return (
    <Authenticator loginMechanisms={['phone_number']} signUpAttributes={['phone_number']} formFields={FORM_FIELDS} services={calls}>
      {({ user }) => <SignedIn user={user?.username} onSignedIn={onSignedIn} />}
    </Authenticator>
  );
}

/**
 * services are the Authenticator's calls to Cognito with the phone number
 * (the username) without its trunk 0 (../lib/phone.ts), in every step that
 * sends it, so a sign-up, its code and the sign-in after it name the same
 * shopper.
 *
 * local (cognito-local: auth.endpoint is set only locally) signs in with
 * USER_PASSWORD_AUTH, as cognito-local does not answer Amplify's default
 * SRP flow, and keeps the sign-in that follows a confirmed sign-up on the
 * same flow (Amplify's automatic sign-in after the code would otherwise try
 * SRP and leave the shopper on the sign-in form). In AWS the default SRP
 * flow is kept (the app clients allow SRP only).
 */
function services(local: boolean) {
  // The casts: each of Amplify's functions is typed with an overload that
  // takes an AmplifyContext first, which the Authenticator never passes.
  return {
    handleSignIn: withNumber((input: SignInInput) =>
      signIn(local ? { ...input, options: { ...input.options, authFlowType: 'USER_PASSWORD_AUTH' } } : input),
    ) as typeof signIn,
    handleSignUp: withNumber((input: SignUpInput) => {
      const attributes = input.options?.userAttributes ?? {};
      return signUp({
        ...input,
        options: {
          ...input.options,
          userAttributes: { ...attributes, ...(attributes.phone_number ? { phone_number: withoutTrunkZero(attributes.phone_number) } : {}) },
          ...(local ? { autoSignIn: { authFlowType: 'USER_PASSWORD_AUTH' as const } } : {}),
        },
      });
    }) as typeof signUp,
    handleConfirmSignUp: withNumber(confirmSignUp) as typeof confirmSignUp,
    handleResendSignUpCode: withNumber(resendSignUpCode) as typeof resendSignUpCode,
    handleForgotPassword: withNumber(resetPassword) as typeof resetPassword,
    handleForgotPasswordSubmit: withNumber(confirmResetPassword) as typeof confirmResetPassword,
  };
}

/** withNumber makes call take the shopper's number (the username) without its trunk 0. */
function withNumber<I extends { username: string }, R>(call: (input: I) => R) {
  return (input: I) => call({ ...input, username: withoutTrunkZero(input.username) });
}

function SignedIn({ user, onSignedIn }: { user?: string; onSignedIn: () => void }) {
  useEffect(() => {
    if (user) onSignedIn();
  }, [user, onSignedIn]);
  return <p role="status">Signed in. Taking you back…</p>;
}
