import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// SPEC §4: POST /auth/signin {email, password} → "Login successful", {token}. The token's type
// claim (normal, email, tfa) says what comes next. Move these types to @td/contracts' auth
// schemas once they exist, so the wire shape is written once.
export interface TSignInRequest {
  email: string;
  password: string;
}

export interface TSignInResponse {
  token: string;
}

export function signIn(body: TSignInRequest) {
  return api.post<TSignInResponse>('/auth/signin', body);
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
