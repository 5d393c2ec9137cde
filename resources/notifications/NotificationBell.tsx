import { useId, useState, type MouseEvent } from 'react';
import {
  Badge,
  Box,
  Button,
  CircularProgress,
  Divider,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Popover,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { useGetList, useLocale, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { NotificationRecord } from '../../domain/notification';
import { useSessionUser } from '../../providers/appContexts';
import { NOTIFICATIONS_PATH, notificationPath } from './paths';
import { notificationTimeText } from './time';
import { useNotificationActions } from './useNotificationActions';

/** What the bell asks: the five latest unread ones; the answer's total is the unread count (ARCHITECTURE.md §9). */
export const BELL_QUERY = {
  filter: { unread: true },
  pagination: { page: 1, perPage: 5 },
  sort: { field: 'id', order: 'DESC' as const },
};

/** The badge stops counting here ("99+"). */
const MAX_BADGE = 99;

const BellItem = ({ notification, onOpen }: { notification: NotificationRecord; onOpen: () => void }) => {
  const locale = useLocale();
  const translate = useTranslate();
  const time = notificationTimeText(notification.createdAt, locale, translate('resources.notifications.time.justNow'));
  return (
    <ListItemButton onClick={onOpen} alignItems="flex-start" sx={{ py: 1 }}>
      <ListItemText
        primary={notification.title}
        secondary={
          <>
            <Box
              component="span"
              sx={{
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
                color: 'text.secondary',
              }}
            >
              {notification.text}
            </Box>
            <Box component="span" sx={{ display: 'block', mt: 0.5, color: 'text.secondary', fontSize: '0.75rem' }}>
              <time dateTime={notification.createdAt}>{time}</time>
            </Box>
          </>
        }
        slotProps={{ primary: { sx: { fontWeight: 600 } }, secondary: { component: 'span' } }}
      />
    </ListItemButton>
  );
};

/**
 * The bell of the app bar, for every role: the unread count on its badge (the live stream keeps it fresh), and in
 * its popover the latest unread ones; one opens its record and is read, "Mark all as read", "See all".
 */
export const NotificationBell = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const user = useSessionUser();
  const popoverId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { change, markAllRead } = useNotificationActions();
  const [markingAll, setMarkingAll] = useState(false);
  // The bell is no page: a failed load shows in its popover, not as a notice on every page.
  const { data, total, isPending, error } = useGetList<NotificationRecord>('notifications', BELL_QUERY);
  const unread = total ?? 0;
  const label =
    unread === 0
      ? translate('resources.notifications.bell.labelNone')
      : translate('resources.notifications.bell.label', { smart_count: unread });
  const close = () => setAnchor(null);

  const open = (notification: NotificationRecord) => {
    close();
    void change('read', [notification.id], { quiet: true });
    navigate(notificationPath(notification, user?.id ?? null));
  };

  const onMarkAll = async () => {
    setMarkingAll(true);
    await markAllRead();
    setMarkingAll(false);
  };

  return (
    <>
      <Tooltip title={translate('resources.notifications.bell.title')}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="true"
          aria-controls={anchor ? popoverId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        >
          <Badge badgeContent={unread} max={MAX_BADGE} color="error">
            {unread > 0 ? <NotificationsIcon /> : <NotificationsNoneIcon />}
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        id={popoverId}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': label,
            sx: { width: 360, maxWidth: 'calc(100vw - 16px)' },
          },
        }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {translate('resources.notifications.bell.title')}
          </Typography>
          <Button size="small" onClick={onMarkAll} disabled={unread === 0} loading={markingAll}>
            {translate('resources.notifications.actions.markAllRead')}
          </Button>
        </Stack>
        <Divider />
        {isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
            <CircularProgress size={24} />
          </Box>
        ) : error ? (
          <Typography role="alert" sx={{ p: 2 }} color="error">
            {translate('resources.notifications.bell.loadFailed')}
          </Typography>
        ) : data && data.length > 0 ? (
          <List dense disablePadding aria-label={translate('resources.notifications.state.unread')}>
            {data.map((notification) => (
              <BellItem key={notification.id} notification={notification} onOpen={() => open(notification)} />
            ))}
          </List>
        ) : (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {translate('resources.notifications.bell.empty')}
          </Typography>
        )}
        <Divider />
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 1 }}>
          <Button component={RouterLink} to={NOTIFICATIONS_PATH} onClick={close} size="small">
            {translate('resources.notifications.bell.seeAll')}
          </Button>
        </Box>
      </Popover>
    </>
  );
};
