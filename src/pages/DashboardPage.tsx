import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Button, Card, Skeleton, Typography } from '@mui/material';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import { useSessionUser } from '../../providers/appContexts';
import { DashboardCard } from './dashboard/DashboardCard';
import { DASHBOARD_TEXTS } from './dashboard/cards';
import { useDashboardCards } from './dashboard/useDashboard';

/** One column on a phone, two on a tablet, three on a laptop, four on a desktop. */
const GRID_SX = {
  display: 'grid',
  gap: 2,
  mt: 2,
  gridTemplateColumns: {
    xs: '1fr',
    sm: 'repeat(2, minmax(0, 1fr))',
    laptop: 'repeat(3, minmax(0, 1fr))',
    desktop: 'repeat(4, minmax(0, 1fr))',
  },
  alignItems: 'stretch',
} as const;

/** Where the cards will be while `GET /dashboard` answers which. */
const GridSkeleton = () => (
  <Box sx={GRID_SX} aria-hidden>
    {[0, 1, 2].map((index) => (
      <Card key={index} sx={{ p: 2 }}>
        <Skeleton variant="rounded" width={44} height={44} />
        <Skeleton variant="text" width="60%" />
        <Skeleton variant="text" width="30%" sx={{ fontSize: '2.125rem' }} />
      </Card>
    ))}
  </Box>
);

const DashboardCards = () => {
  const translate = useTranslate();
  const { data: cards, isPending, error, refetch, isFetching } = useDashboardCards();
  if (isPending || (error && isFetching)) return <GridSkeleton />;
  if (error || !cards) {
    return (
      <Alert
        severity="error"
        sx={{ mt: 2 }}
        action={
          <Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={() => void refetch()}>
            {translate(`${DASHBOARD_TEXTS}.retry`)}
          </Button>
        }
      >
        {translate(`${DASHBOARD_TEXTS}.loadError`)}
      </Alert>
    );
  }
  return (
    <Box sx={GRID_SX} data-testid="dashboard-cards">
      {cards.map((id) => (
        <DashboardCard key={id} id={id} />
      ))}
    </Box>
  );
};

/**
 * /dashboard: a greeting by first name, then the viewer's cards (`GET /dashboard` names them in order), each
 * loading its own figures and leading to the list behind them (src/pages/dashboard/).
 */
export const DashboardPage = () => {
  const translate = useTranslate();
  const user = useSessionUser();
  const { identity } = useGetIdentity();
  const name = user?.firstName ?? identity?.fullName ?? '';

  return (
    <Box sx={{ pb: 2 }}>
      <Title title="app.dashboard.title" />
      <Box sx={{ mt: 2 }}>
        <Typography component="h2" variant="h4" sx={{ fontWeight: 600 }} gutterBottom>
          {name ? translate('app.dashboard.greeting', { name }) : translate('app.dashboard.greetingAnonymous')}
        </Typography>
        <Typography color="text.secondary">{translate('app.dashboard.intro')}</Typography>
      </Box>
      <DashboardCards />
    </Box>
  );
};
