import { Link } from 'react-router';

/** The footer of the secondary authentication screens. */
export function BackToLogin() {
  return (
    <>
      Remembered it? <Link to="/authentication/login">Back to log in</Link>
    </>
  );
}
