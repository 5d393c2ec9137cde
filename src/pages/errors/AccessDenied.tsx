import { Navigate } from 'react-router-dom';
import { PATHS } from '../paths';

/** `<Admin accessDenied>`: react-admin's access-denied route forwards to the app's /unauthorized screen. */
export const AccessDenied = () => <Navigate to={PATHS.unauthorized} replace />;
