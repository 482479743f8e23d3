import { normalizeEmail, ZEmail } from '@td/contracts/email';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { PasswordField, TextField } from '../../../components/text-field';
import { useSignIn } from '../api/sign-in';
import { useStartSession } from '../hooks/use-start-session';
import { AuthCard } from './auth-card';
import styles from './auth-form.module.css';

const PASSWORD_REQUIRED_MESSAGE = 'Enter your password';

interface TLoginErrors {
  email?: string;
  password?: string;
}

function validate(email: string, password: string): TLoginErrors {
  const errors: TLoginErrors = {};
  const parsedEmail = ZEmail.safeParse(email);
  if (!parsedEmail.success) errors.email = parsedEmail.error.issues[0]?.message;
  if (!password) errors.password = PASSWORD_REQUIRED_MESSAGE;
  return errors;
}

export function LoginScreen() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<TLoginErrors>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const signIn = useSignIn();
  const startSession = useStartSession();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(email, password);
    setErrors(found);
    // Send the user to the first field to fix; nothing leaves the browser until both are valid.
    if (found.email || found.password) {
      (found.email ? emailRef : passwordRef).current?.focus();
      return;
    }

    const normalizedEmail = normalizeEmail(email);
    // Failures are shown by the API client's error toast (the server's message).
    signIn.mutate(
      { email: normalizedEmail, password },
      {
        onSuccess: ({ data, message }) =>
          startSession({ token: data.token, message, email: normalizedEmail }),
      },
    );
  };

  return (
    <AuthCard
      title="Log in"
      subtitle="Welcome back. Log in to your Trading Desk account."
      footer={
        <>
          New to Trading Desk? <Link to="/authentication/signup">Create an account</Link>
        </>
      }
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          ref={emailRef}
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@gmail.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
          required
        />
        <PasswordField
          ref={passwordRef}
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
          labelAside={
            <Link to="/authentication/forgotPassword" className={styles.aside}>
              Forgot password?
            </Link>
          }
          required
        />
        <Button type="submit" variant="primary" size="lg" isFullWidth isLoading={signIn.isPending}>
          Log in
        </Button>
      </form>
    </AuthCard>
  );
}
