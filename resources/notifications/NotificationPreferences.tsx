import { useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import {
  NOTIFICATION_DELIVERIES,
  NOTIFICATION_KINDS,
  type NotificationDelivery,
  type NotificationKind,
} from '../../domain/notification';
import type { AppDataProvider, NotificationPreferencesAnswer } from '../../providers/dataProvider';

const TEXTS = 'resources.notifications.preferences';

/** Not under `notifications`, so that a new notification (which reloads those) leaves the form alone. */
export const PREFERENCES_QUERY_KEY = ['notification-preferences'] as const;

type Deliveries = Partial<Record<NotificationKind, NotificationDelivery>>;

/** The kinds whose choice differs from what was loaded: only they are sent (the others keep following defaults). */
const changedOf = (loaded: Deliveries, chosen: Deliveries): Deliveries =>
  Object.fromEntries(
    Object.entries(chosen).filter(([kind, delivery]) => loaded[kind as NotificationKind] !== delivery),
  ) as Deliveries;

/**
 * Settings' mail preferences: for each kind the user's roles receive (the server says which), in the app only, in
 * the app and by mail at once, or in the app and in the daily digest at 07:00; the role's default is marked. Saved
 * with `PUT /notification-preferences`, naming only the kinds changed.
 */
export const NotificationPreferences = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const { data, error, isPending, refetch } = useQuery({
    queryKey: PREFERENCES_QUERY_KEY,
    queryFn: () => dataProvider.getNotificationPreferences(),
  });
  const [chosen, setChosen] = useState<Deliveries>({});
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState(false);

  useEffect(() => {
    if (data) setChosen(data.deliveries);
  }, [data]);

  if (isPending) {
    return (
      <Box sx={{ display: 'flex', p: 1 }}>
        <CircularProgress size={24} aria-label={translate('ra.page.loading')} />
      </Box>
    );
  }
  if (error || !data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            {translate(`${TEXTS}.retry`)}
          </Button>
        }
      >
        {translate(`${TEXTS}.loadFailed`)}
      </Alert>
    );
  }

  const kinds = NOTIFICATION_KINDS.filter((kind) => data.deliveries[kind] !== undefined);
  const changes = changedOf(data.deliveries, chosen);
  const hasChanges = Object.keys(changes).length > 0;

  const save = async () => {
    setSaving(true);
    setSaveError(false);
    try {
      const saved: NotificationPreferencesAnswer = await dataProvider.updateNotificationPreferences(changes);
      queryClient.setQueryData(PREFERENCES_QUERY_KEY, saved);
      notify(`${TEXTS}.saved`, { type: 'success' });
    } catch {
      setSaveError(true);
      notify(`${TEXTS}.saveFailed`, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const choiceLabel = (kind: NotificationKind, delivery: NotificationDelivery) => {
    const label = translate(`${TEXTS}.deliveries.${delivery}`);
    return data.defaults[kind] === delivery ? translate(`${TEXTS}.withDefault`, { choice: label }) : label;
  };

  return (
    <Stack
      component="form"
      spacing={2}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {translate(`${TEXTS}.intro`)}
      </Typography>
      {kinds.map((kind) => (
        <TextField
          key={kind}
          select
          fullWidth
          label={translate(`resources.notifications.kinds.${kind}`)}
          value={chosen[kind] ?? data.deliveries[kind]}
          onChange={(event) => setChosen((current) => ({ ...current, [kind]: event.target.value }))}
          sx={{ maxWidth: 560 }}
        >
          {NOTIFICATION_DELIVERIES.map((delivery) => (
            <MenuItem key={delivery} value={delivery}>
              {choiceLabel(kind, delivery)}
            </MenuItem>
          ))}
        </TextField>
      ))}
      {saveError ? <Alert severity="error">{translate(`${TEXTS}.saveFailed`)}</Alert> : null}
      <Box>
        <Button type="submit" variant="contained" disabled={!hasChanges} loading={saving}>
          {translate(`${TEXTS}.save`)}
        </Button>
      </Box>
    </Stack>
  );
};
