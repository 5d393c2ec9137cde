import { Card, CardContent, Typography } from '@mui/material';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import { useSessionUser } from '../../providers/appContexts';

/** /dashboard: for now a greeting by first name. */
export const DashboardPage = () => {
  const translate = useTranslate();
  const user = useSessionUser();
  const { identity } = useGetIdentity();
  const name = user?.firstName ?? identity?.fullName ?? '';

  return (
    <>
      <Title title="app.dashboard.title" />
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Typography component="h2" variant="h4" sx={{ fontWeight: 600 }} gutterBottom>
            {name ? translate('app.dashboard.greeting', { name }) : translate('app.dashboard.greetingAnonymous')}
          </Typography>
          <Typography color="text.secondary">{translate('app.dashboard.intro')}</Typography>
        </CardContent>
      </Card>
    </>
  );
};
