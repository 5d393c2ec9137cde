import { useState, type MouseEvent, type ReactNode } from 'react';
import {
  Box,
  IconButton,
  List as MuiList,
  ListItem,
  ListItemButton,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  Tab,
  Tabs,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import DraftsIcon from '@mui/icons-material/DraftsOutlined';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import UnarchiveIcon from '@mui/icons-material/UnarchiveOutlined';
import {
  Button,
  DataTable,
  List,
  Pagination,
  SelectInput,
  TopToolbar,
  useListContext,
  useLocale,
  useRecordContext,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { notificationKindsOf, NOTIFICATION_KINDS, type NotificationRecord } from '../../domain/notification';
import { roleKeysOf } from '../../domain/user';
import { isRoleKey } from '../../domain/roles';
import { useSessionUser } from '../../providers/appContexts';
import { formatDateTime } from '../shared/dateFormat';
import { notificationPath } from './paths';
import { useNotificationActions, type NotificationChange } from './useNotificationActions';

const TEXTS = 'resources.notifications';

/** The three views of the page: the inbox (not archived), its unread ones, the archived ones. */
type View = 'all' | 'unread' | 'archived';

const viewOf = (filter: Record<string, unknown>): View =>
  filter.archived === true ? 'archived' : filter.unread === true ? 'unread' : 'all';

const filterOfView = (view: View): Record<string, unknown> =>
  view === 'unread' ? { unread: true } : view === 'archived' ? { archived: true } : {};

const isUnread = (notification: NotificationRecord) => notification.readAt === null;

/** The kinds the signed-in user's roles receive (every kind when the roles are unknown). */
const useKindChoices = () => {
  const user = useSessionUser();
  const roles = user ? roleKeysOf(user).filter(isRoleKey) : [];
  const kinds =
    roles.length === 0
      ? NOTIFICATION_KINDS
      : NOTIFICATION_KINDS.filter((kind) => roles.some((role) => notificationKindsOf(role).includes(kind)));
  return kinds.map((kind) => ({ id: kind, name: `${TEXTS}.kinds.${kind}` }));
};

/** Opens a notification's record and marks it read (the row click, on every width). */
const useOpenNotification = () => {
  const user = useSessionUser();
  const navigate = useNavigate();
  const { change } = useNotificationActions();
  return (notification: NotificationRecord) => {
    if (isUnread(notification)) void change('read', [notification.id], { quiet: true });
    navigate(notificationPath(notification, user?.id ?? null));
  };
};

/** Inbox, Unread, Archived: tabs over the list's filter, keeping the kind. */
const ViewTabs = () => {
  const translate = useTranslate();
  const { filterValues, setFilters, displayedFilters, onUnselectItems } = useListContext();
  const view = viewOf(filterValues);
  const choose = (next: View) => {
    const { kind } = filterValues as { kind?: unknown };
    onUnselectItems();
    setFilters({ ...(kind ? { kind } : {}), ...filterOfView(next) }, displayedFilters);
  };
  return (
    <Tabs
      value={view}
      onChange={(_event, next: View) => choose(next)}
      aria-label={translate(`${TEXTS}.views.label`)}
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
    >
      {(['all', 'unread', 'archived'] as const).map((value) => (
        <Tab key={value} value={value} label={translate(`${TEXTS}.views.${value}`)} />
      ))}
    </Tabs>
  );
};

/** The changes a notification in this state allows: read or unread, archived or back in the inbox. */
const changesFor = (notification: NotificationRecord): NotificationChange[] => [
  isUnread(notification) ? 'read' : 'unread',
  notification.archivedAt === null ? 'archived' : 'unarchived',
];

const CHANGE_LABELS: Record<NotificationChange, string> = {
  read: `${TEXTS}.actions.markRead`,
  unread: `${TEXTS}.actions.markUnread`,
  archived: `${TEXTS}.actions.archive`,
  unarchived: `${TEXTS}.actions.unarchive`,
};

const CHANGE_ICONS: Record<NotificationChange, ReactNode> = {
  read: <DraftsIcon fontSize="small" />,
  unread: <MarkEmailUnreadIcon fontSize="small" />,
  archived: <ArchiveIcon fontSize="small" />,
  unarchived: <UnarchiveIcon fontSize="small" />,
};

/** A row's own buttons (wide screens): they act on that row only and do not open it. */
const RowActions = () => {
  const translate = useTranslate();
  const notification = useRecordContext<NotificationRecord>();
  const { change } = useNotificationActions();
  if (!notification) return null;
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      {changesFor(notification).map((what) => (
        <Tooltip key={what} title={translate(CHANGE_LABELS[what])}>
          <IconButton
            size="small"
            aria-label={translate(CHANGE_LABELS[what])}
            onClick={(event: MouseEvent) => {
              event.stopPropagation();
              void change(what, [notification.id]);
            }}
          >
            {CHANGE_ICONS[what]}
          </IconButton>
        </Tooltip>
      ))}
    </Stack>
  );
};

/** The selected rows: read, unread, archived (or back to the inbox when viewing the archived ones). */
const BulkActions = () => {
  const { selectedIds, filterValues, onUnselectItems } = useListContext();
  const { change } = useNotificationActions();
  const archivedView = viewOf(filterValues) === 'archived';
  const apply = async (what: NotificationChange, ids: Identifier[]) => {
    if (await change(what, ids)) onUnselectItems();
  };
  const changes: NotificationChange[] = ['read', 'unread', archivedView ? 'unarchived' : 'archived'];
  return (
    <>
      {changes.map((what) => (
        <Button key={what} label={CHANGE_LABELS[what]} onClick={() => void apply(what, selectedIds)}>
          <>{CHANGE_ICONS[what]}</>
        </Button>
      ))}
    </>
  );
};

const MarkAllReadButton = () => {
  const { markAllRead } = useNotificationActions();
  const [pending, setPending] = useState(false);
  return (
    <Button
      label={`${TEXTS}.actions.markAllRead`}
      loading={pending}
      onClick={async () => {
        setPending(true);
        await markAllRead();
        setPending(false);
      }}
    >
      <DoneAllIcon />
    </Button>
  );
};

const ListActions = () => (
  <TopToolbar>
    <MarkAllReadButton />
  </TopToolbar>
);

/** The title in bold while unread, the text below it. */
const TitleAndText = ({ notification }: { notification: NotificationRecord }) => {
  const translate = useTranslate();
  const unread = isUnread(notification);
  return (
    <Box>
      <Typography
        component="span"
        variant="body2"
        sx={{ display: 'block', fontWeight: unread ? 700 : 400, color: 'text.primary' }}
      >
        {unread ? (
          <Box
            component="span"
            role="img"
            aria-label={translate(`${TEXTS}.state.unread`)}
            sx={{
              display: 'inline-block',
              width: 8,
              height: 8,
              borderRadius: '50%',
              bgcolor: 'primary.main',
              mr: 1,
              verticalAlign: 'middle',
            }}
          />
        ) : null}
        {notification.title}
      </Typography>
      <Typography
        component="span"
        variant="body2"
        color="text.secondary"
        sx={{ display: 'block', fontWeight: unread ? 500 : 400 }}
      >
        {notification.text}
      </Typography>
    </Box>
  );
};

const TitleColumn = () => {
  const notification = useRecordContext<NotificationRecord>();
  return notification ? <TitleAndText notification={notification} /> : null;
};

const KindText = ({ notification }: { notification: NotificationRecord }) => {
  const translate = useTranslate();
  return <>{translate(`${TEXTS}.kinds.${notification.kind}`, { _: notification.kind })}</>;
};

const KindColumn = () => {
  const notification = useRecordContext<NotificationRecord>();
  return notification ? <KindText notification={notification} /> : null;
};

const TimeText = ({ createdAt }: { createdAt: string }) => {
  const locale = useLocale();
  return <time dateTime={createdAt}>{formatDateTime(createdAt, locale)}</time>;
};

const TimeColumn = () => {
  const notification = useRecordContext<NotificationRecord>();
  return notification ? <TimeText createdAt={notification.createdAt} /> : null;
};

const EmptyText = () => {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  return (
    <Typography sx={{ p: 2 }} color="text.secondary">
      {translate(`${TEXTS}.empty.${viewOf(filterValues)}`)}
    </Typography>
  );
};

const NotificationTable = () => {
  const open = useOpenNotification();
  return (
    <DataTable<NotificationRecord>
      rowClick={(_id, _resource, record) => {
        open(record as NotificationRecord);
        return false;
      }}
      bulkActionButtons={<BulkActions />}
      empty={<EmptyText />}
    >
      <DataTable.Col source="title" label={`${TEXTS}.fields.title`} disableSort>
        <TitleColumn />
      </DataTable.Col>
      <DataTable.Col source="kind" label={`${TEXTS}.fields.kind`}>
        <KindColumn />
      </DataTable.Col>
      <DataTable.Col source="createdAt" label={`${TEXTS}.fields.createdAt`} sx={{ whiteSpace: 'nowrap' }}>
        <TimeColumn />
      </DataTable.Col>
      <DataTable.Col label="" disableSort>
        <RowActions />
      </DataTable.Col>
    </DataTable>
  );
};

/** A phone's row menu: the same changes as the wide screens' buttons. */
const PhoneRowMenu = ({ notification }: { notification: NotificationRecord }) => {
  const translate = useTranslate();
  const { change } = useNotificationActions();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        edge="end"
        aria-label={translate(`${TEXTS}.actions.more`)}
        aria-haspopup="true"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {changesFor(notification).map((what) => (
          <MenuItem
            key={what}
            onClick={() => {
              setAnchor(null);
              void change(what, [notification.id]);
            }}
          >
            <Box component="span" sx={{ display: 'inline-flex', mr: 1.5 }}>
              {CHANGE_ICONS[what]}
            </Box>
            {translate(CHANGE_LABELS[what])}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};

/** Phones: one line per notification (title, text, kind and time), its menu at the end. */
const NotificationPhoneList = () => {
  const { data, isPending } = useListContext<NotificationRecord>();
  const open = useOpenNotification();
  if (isPending) return null;
  if (!data || data.length === 0) return <EmptyText />;
  return (
    <MuiList disablePadding>
      {data.map((notification) => (
        <ListItem
          key={notification.id}
          divider
          disablePadding
          secondaryAction={<PhoneRowMenu notification={notification} />}
        >
          <ListItemButton onClick={() => open(notification)} sx={{ pr: 7 }}>
            <ListItemText
              disableTypography
              primary={<TitleAndText notification={notification} />}
              secondary={
                <Typography
                  component="span"
                  variant="caption"
                  color="text.secondary"
                  sx={{ display: 'block', mt: 0.5 }}
                >
                  <KindText notification={notification} /> · <TimeText createdAt={notification.createdAt} />
                </Typography>
              }
            />
          </ListItemButton>
        </ListItem>
      ))}
    </MuiList>
  );
};

const ListTitle = () => {
  const translate = useTranslate();
  return <>{translate(`${TEXTS}.name`, { smart_count: 2 })}</>;
};

/**
 * `/notifications`: the signed-in user's notifications, newest first, in three views (inbox, unread, archived) and
 * by kind; read or unread, archive or back to the inbox, one by one or for the selected ones, and all read at once.
 * A row opens its record and is read. Phones get one line each with a menu.
 */
export const NotificationList = () => {
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const kindChoices = useKindChoices();
  const filters = [
    <SelectInput key="kind" source="kind" label={`${TEXTS}.fields.kind`} choices={kindChoices} alwaysOn />,
  ];
  return (
    <List<NotificationRecord>
      resource="notifications"
      // Everyone's own notifications: the route guard let the user in; the permission table has no resource for them.
      disableAuthentication
      sort={{ field: 'id', order: 'DESC' }}
      filters={filters}
      perPage={25}
      actions={<ListActions />}
      title={<ListTitle />}
      empty={false}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
    >
      <ViewTabs />
      {isPhone ? <NotificationPhoneList /> : <NotificationTable />}
    </List>
  );
};
