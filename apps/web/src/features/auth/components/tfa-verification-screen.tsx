import { IconShieldCheck } from '../../../components/icons';
import { AuthCard } from './auth-card';
import { BackToLogin } from './back-to-login';

export function TfaVerificationScreen() {
  return (
    <AuthCard
      icon={<IconShieldCheck size={22} />}
      title="Two-factor verification"
      subtitle="Enter the 6-digit code from your authenticator app, or one of your recovery codes."
      footer={<BackToLogin />}
    />
  );
}
