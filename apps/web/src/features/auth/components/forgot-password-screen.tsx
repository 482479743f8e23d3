import { IconKey } from '../../../components/icons';
import { AuthCard } from './auth-card';
import { BackToLogin } from './back-to-login';

export function ForgotPasswordScreen() {
  return (
    <AuthCard
      icon={<IconKey size={22} />}
      title="Forgot your password?"
      subtitle="Enter the email address of your account and we will send you a verification code to reset it."
      footer={<BackToLogin />}
    />
  );
}
