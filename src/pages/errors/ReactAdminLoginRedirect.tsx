import { Navigate, useLocation } from 'react-router-dom';
import { PATHS } from '../paths';

/**
 * react-admin's hooks fall back to `/login` when nothing else is said; the sign-in screen lives at
 * `/auth`, so forward, keeping the page the visitor wanted to reach.
 */
export const ReactAdminLoginRedirect = () => {
  const location = useLocation();
  return <Navigate to={PATHS.signIn} replace state={location.state} />;
};
