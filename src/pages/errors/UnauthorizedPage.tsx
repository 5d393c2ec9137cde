import { useTranslate } from 'react-admin';
import { ErrorScreen, reloadFromOrigin } from './ErrorScreen';

/** /unauthorized: where a failed access check lands (SPEC §2, §6). */
export const UnauthorizedPage = () => {
  const translate = useTranslate();
  return (
    <ErrorScreen
      title={translate('app.errors.unauthorized.title')}
      refreshLabel={translate('app.errors.refresh')}
      onRefresh={reloadFromOrigin}
    />
  );
};
