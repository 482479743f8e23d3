// Where every sign-in step that ends in a token leads: by the token's type, to e-mail verification,
// to two-factor verification, or, for a full session, to the dashboard. Also the code field of the
// verification screens, whose earned token starts the session the same way.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod/mini';
import { PATHS } from '../../../lib/paths';
import { readTokenClaims, setToken } from '../../../lib/session';
import { useAppStore } from '../../../lib/store';
import { notify } from '../../../lib/toasts';
import { useCodeField } from '../../../lib/use-code-field';

interface TStartSessionInput {
  token: string;
  /** The server's success message, shown when the user is fully signed in. */
  message: string;
  /** The address used to sign in, shown on the verification screens. */
  email?: string;
}

/**
 * What a sign-in step leads to, by token type: a normal token is stored and
 * opens the dashboard; an e-mail token leads to e-mail verification and a two-factor token to
 * two-factor verification, each keeping the token as the store's temporary token (and the address
 * as the temporary e-mail). Every screen that ends in a token (login, Google, signup, both
 * verifications) goes through here, so the rule lives in one place.
 */
export function useStartSession() {
  const navigate = useNavigate();
  const setTempToken = useAppStore((state) => state.setTempToken);
  const setTempEmail = useAppStore((state) => state.setTempEmail);

  return useCallback(
    ({ token, message, email }: TStartSessionInput) => {
      const claims = readTokenClaims(token);
      switch (claims?.type) {
        case 'email':
          setTempToken(token);
          if (email) setTempEmail(email);
          void navigate(PATHS.emailVerification);
          return;
        case 'tfa':
          setTempToken(token);
          if (email) setTempEmail(email);
          void navigate(PATHS.tfaVerification);
          return;
        default:
          // 'normal', or a token whose claims this client cannot read: the server decides.
          setTempToken('');
          setTempEmail(null);
          setToken(token);
          notify.success(message);
          void navigate(PATHS.dashboard, { replace: true });
      }
    },
    [navigate, setTempEmail, setTempToken],
  );
}

interface TCodeCheck {
  isPending: boolean;
  mutate: (
    input: { code: string; tempToken: string },
    options: {
      onSuccess: (answer: { data: { token: string }; message: string }) => void;
      onError: (error: unknown) => void;
    },
  ) => void;
}

/**
 * The code field of a verification screen: a code that passes `schema` goes to `check` with the
 * temporary token, and the token it earns starts the session; a refusal stays under the field.
 */
export function useSessionCodeField(
  schema: z.ZodMiniType<{ code: string }>,
  check: TCodeCheck,
  tempToken: string,
) {
  const startSession = useStartSession();
  return useCodeField({
    schema,
    isBusy: check.isPending,
    send: (code, refuse) =>
      check.mutate(
        { code, tempToken },
        {
          onSuccess: ({ data, message }) => startSession({ token: data.token, message }),
          onError: refuse,
        },
      ),
  });
}
