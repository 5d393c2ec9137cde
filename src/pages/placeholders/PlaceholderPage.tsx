import { Card, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import type { RoutePrefix } from '../../../domain/access';
import { AREA_LABELS } from '../../layout/menuItems';
import { useSessionUser } from '../../../providers/appContexts';

/**
 * An area whose content is not built yet (the specification's tag terms, statistics, promo codes, notifications,
 * billing and asks show only a greeting; the product's later areas use it until they are built): the
 * area's name as the page title and a greeting by first name.
 */
export const PlaceholderPage = ({ area }: { area: RoutePrefix }) => {
  const translate = useTranslate();
  const user = useSessionUser();
  const areaName = translate(AREA_LABELS[area]);
  const greeting = user?.firstName
    ? translate('app.placeholder.greeting', { name: user.firstName, area: areaName })
    : translate('app.placeholder.greetingAnonymous', { area: areaName });

  return (
    <>
      <Title title={AREA_LABELS[area]} />
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Typography component="h2" variant="h5" sx={{ fontWeight: 600 }}>
            {greeting}
          </Typography>
        </CardContent>
      </Card>
    </>
  );
};
