import { IconLock } from '../../../components/icons';
import { AuthCard } from './auth-card';
import { BackToLogin } from './back-to-login';

export function ResetPasswordScreen() {
  return (
    <AuthCard
      icon={<IconLock size={22} />}
      title="Set a new password"
      subtitle="Enter the verification code from your email and choose a new password."
      footer={<BackToLogin />}
    />
  );
}
