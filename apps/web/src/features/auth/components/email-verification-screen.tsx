import { IconMail } from '../../../components/icons';
import { useAppStore } from '../../../lib/store';
import { AuthCard } from './auth-card';
import { BackToLogin } from './back-to-login';

export function EmailVerificationScreen() {
  const tempEmail = useAppStore((state) => state.tempEmail);
  return (
    <AuthCard
      icon={<IconMail size={22} />}
      title="Verify your email"
      subtitle={
        tempEmail ? (
          <>
            We sent a 6-digit code to <strong>{tempEmail}</strong>. Enter it to activate your account.
          </>
        ) : (
          'We sent a 6-digit code to your email address. Enter it to activate your account.'
        )
      }
      footer={<BackToLogin />}
    />
  );
}
