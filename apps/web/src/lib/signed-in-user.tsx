import type { RouterOutputs } from '@wellspring/server/router';
import { createContext, useContext, type ReactNode } from 'react';

/** The practitioner a signed-in screen is for (`auth.me`'s user). */
export type SignedInUser = NonNullable<RouterOutputs['auth']['me']['user']>;

const SignedInUserContext = createContext<SignedInUser | null>(null);

/** Set by the signed-in routes' guard (app/signed-in) once `auth.me` has a user. */
export function SignedInUserProvider({ user, children }: { user: SignedInUser; children: ReactNode }) {
  return <SignedInUserContext.Provider value={user}>{children}</SignedInUserContext.Provider>;
}

/**
 * The signed-in practitioner, never null: a signed-in screen renders only behind the guard, so it
 * needs no "no session" branch of its own (as `protectedProcedure` narrows the session on the server).
 */
export function useSignedInUser(): SignedInUser {
  const user = useContext(SignedInUserContext);
  if (!user) throw new Error('useSignedInUser is used outside the signed-in routes (app/signed-in)');
  return user;
}
