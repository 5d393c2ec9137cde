import RefreshIcon from '@mui/icons-material/Refresh';
import { Avatar, Box, Button, Card, CardActionArea, Skeleton, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { DashboardCardData, DashboardCardId } from '../../../domain/dashboard';
import { useEventsViewSetters } from '../../../resources/events';
import { useServerRoleKeys } from '../../layout/useServerRoleKeys';
import { CARD_SPECS, DASHBOARD_TEXTS, type CardColor, type CardSpec } from './cards';
import { cardLinkOf, type CardLink } from './links';
import { useDashboardCard } from './useDashboard';

/** The card's icon and question above its answer, as react-admin's demo dashboard draws its cards. */
const CardBody = ({
  color,
  icon: Icon,
  title,
  titleId,
  children,
}: Pick<CardSpec<DashboardCardId>, 'color' | 'icon'> & { title: string; titleId: string; children: ReactNode }) => (
  <Box sx={{ display: 'flex', gap: 2, p: 2, alignItems: 'flex-start', minWidth: 0 }}>
    <Avatar
      variant="rounded"
      sx={{
        bgcolor: (theme) => alpha(theme.palette[color].main, theme.palette.mode === 'dark' ? 0.25 : 0.12),
        color: (theme) => (theme.palette.mode === 'dark' ? theme.palette[color].light : theme.palette[color].dark),
        width: 44,
        height: 44,
      }}
    >
      <Icon />
    </Avatar>
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography id={titleId} component="h3" variant="body2" color="text.secondary" sx={{ fontWeight: 500, mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  </Box>
);

/** The whole card leads to its list (a router link); following it first sets how the events page opens. */
const CardLinkArea = ({ link, children }: { link: CardLink; children: ReactNode }) => {
  const eventsView = useEventsViewSetters();
  const follow = () => {
    if (link.events?.view === 'list') eventsView.list();
    else if (link.events?.view === 'week') eventsView.week(link.events.day);
  };
  return (
    <CardActionArea component={RouterLink} to={link.to} onClick={follow} sx={{ height: '100%' }}>
      {children}
    </CardActionArea>
  );
};

const CARD_SX = { height: '100%', display: 'flex', flexDirection: 'column' } as const;

/**
 * One card of the dashboard: its own request (`GET /dashboard/cards/:id`), a skeleton while it loads, a short
 * error with Retry when it fails (the other cards carry on), else its figures, the whole card a link to the
 * list behind them. A `<section>` named by its question.
 */
export const DashboardCard = <Id extends DashboardCardId>({ id }: { id: Id }) => {
  const translate = useTranslate();
  const titleId = useId();
  const { roleKeys } = useServerRoleKeys();
  const spec = CARD_SPECS[id] as CardSpec<Id>;
  const { data, error, isPending, isFetching, refetch } = useDashboardCard(id);
  const title = translate(spec.title(data));
  const { Content } = spec;
  const color: CardColor = spec.color;

  const body = (children: ReactNode) => (
    <CardBody color={color} icon={spec.icon} title={title} titleId={titleId}>
      {children}
    </CardBody>
  );

  if (isPending || (error && isFetching)) {
    return (
      <Card component="section" aria-labelledby={titleId} aria-busy="true" data-card={id} sx={CARD_SX}>
        {body(
          <>
            <Skeleton variant="text" width="40%" sx={{ fontSize: '2.125rem' }} />
            <Skeleton variant="text" width="80%" />
            <Typography component="span" sx={visuallyHidden}>
              {translate('ra.page.loading')}
            </Typography>
          </>,
        )}
      </Card>
    );
  }

  if (error || data === undefined) {
    return (
      <Card component="section" aria-labelledby={titleId} data-card={id} sx={CARD_SX}>
        {body(
          <Box role="alert">
            <Typography variant="body2" color="error">
              {translate(`${DASHBOARD_TEXTS}.cardError`)}
            </Typography>
            <Button size="small" startIcon={<RefreshIcon />} onClick={() => void refetch()} sx={{ mt: 1, ml: -0.5 }}>
              {translate(`${DASHBOARD_TEXTS}.retry`)}
            </Button>
          </Box>,
        )}
      </Card>
    );
  }

  const link = cardLinkOf(id, data as DashboardCardData[Id], roleKeys);
  const content = body(<Content data={data as DashboardCardData[Id]} />);
  return (
    <Card component="section" aria-labelledby={titleId} data-card={id} sx={CARD_SX}>
      {link ? <CardLinkArea link={link}>{content}</CardLinkArea> : content}
    </Card>
  );
};

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
