import { Link } from 'react-router';
import { IconUserPlus } from '../../../components/icons';
import { AuthCard } from './auth-card';

export function SignupScreen() {
  return (
    <AuthCard
      icon={<IconUserPlus size={22} />}
      title="Create your account"
      subtitle="Open a Trading Desk account with a demo balance to practise on, and trade for real when you are ready."
      footer={
        <>
          Already have an account? <Link to="/authentication/login">Log in</Link>
        </>
      }
    />
  );
}
