import { Alert, Autocomplete, Card, CardContent, CircularProgress, TextField, Typography } from '@mui/material';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Title, useDataProvider, useGetList, useNotify, usePermissions, useTranslate } from 'react-admin';
import { Navigate, useNavigate } from 'react-router-dom';
import { ROLE_SCOPES, type ScopeKind } from '../../domain/access';
import type { Establishment } from '../../domain/establishment';
import type { WidgetSettings } from '../../domain/widget';
import { DelayedLoader } from '../shared/DelayedLoader';
import { errorMessageKeyOf } from '../shared/resourceErrors';
import { widgetSettingsPath } from './paths';

const TEXTS = 'resources.widget-settings.picker';

/** How many widgets of a limited scope are read to offer them (an ADMIN has one; the API caps a page). */
const SCOPE_PAGE = { page: 1, perPage: 100 };

/** Roles that see every establishment pick one; the others get the widgets of their scope. */
const seesEveryEstablishment = (roleKeys: readonly string[]) =>
  roleKeys.some((role) => (ROLE_SCOPES as Readonly<Record<string, ScopeKind | undefined>>)[role] === 'all');

/**
 * `/iframe`: ROOT and COORDINATOR_ADMIN_FULL choose the establishment whose widget they shape; a venue's staff
 * go straight to their widget, or choose among those of their scope when it holds several.
 */
export const WidgetSettingsHome = () => {
  const { permissions, isPending } = usePermissions<string[]>();
  if (isPending) return <DelayedLoader />;
  const roleKeys = Array.isArray(permissions) ? permissions : [];
  return seesEveryEstablishment(roleKeys) ? <PickerPage /> : <ScopedHome />;
};

/** A venue's staff: the widgets the server lets them read (their scope). */
const ScopedHome = () => {
  const translate = useTranslate();
  const { data, isPending, error } = useGetList<WidgetSettings>('widget-settings', {
    pagination: SCOPE_PAGE,
    sort: { field: 'establishmentId', order: 'ASC' },
  });
  if (isPending) return <DelayedLoader />;
  if (error || !data) return <Alert severity="error">{translate(errorMessageKeyOf(error))}</Alert>;
  if (data.length === 1) return <Navigate to={widgetSettingsPath(data[0].id)} replace />;
  if (data.length === 0) {
    return (
      <PickerFrame>
        <Typography>{translate(`${TEXTS}.none`)}</Typography>
      </PickerFrame>
    );
  }
  return <PickerPage establishmentIds={data.map((record) => record.establishmentId)} />;
};

const PickerFrame = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <>
      <Title title="app.menu.iframe" />
      <Card sx={{ mt: 2, maxWidth: 640 }}>
        <CardContent>
          <Typography component="h2" variant="h6" gutterBottom>
            {translate(`${TEXTS}.title`)}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </>
  );
};

/** Waits this long after the last key before asking the server (a search per key would flood it). */
const SEARCH_DELAY_MS = 300;

const useDebounced = (value: string) => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
};

/** Opens the widget of the chosen establishment (its record is found by `establishmentId`). */
const useOpenWidgetOf = () => {
  const dataProvider = useDataProvider();
  const navigate = useNavigate();
  const notify = useNotify();
  const [opening, setOpening] = useState(false);
  const open = async (establishmentId: number) => {
    setOpening(true);
    try {
      const { data } = await dataProvider.getList<WidgetSettings>('widget-settings', {
        filter: { establishmentId },
        pagination: { page: 1, perPage: 1 },
        sort: { field: 'establishmentId', order: 'ASC' },
      });
      if (data[0]) navigate(widgetSettingsPath(data[0].id));
      else notify(`${TEXTS}.notFound`, { type: 'warning' });
    } catch (error) {
      notify(errorMessageKeyOf(error), { type: 'error' });
    } finally {
      setOpening(false);
    }
  };
  return { open, opening };
};

/**
 * A searchable choice of establishment (the server searches names, `q`), limited to `establishmentIds` when
 * given (a scope of several venues).
 */
const PickerPage = ({ establishmentIds }: { establishmentIds?: number[] }) => {
  const translate = useTranslate();
  const helpId = useId();
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim());
  const { data = [], isFetching } = useGetList<Establishment>('establishments', {
    filter: { ...(query ? { q: query } : {}), ...(establishmentIds ? { id: establishmentIds } : {}) },
    pagination: { page: 1, perPage: 25 },
    sort: { field: 'establishmentName', order: 'ASC' },
  });
  const { open, opening } = useOpenWidgetOf();
  return (
    <PickerFrame>
      <Typography id={helpId} color="text.secondary" sx={{ mb: 2 }}>
        {translate(`${TEXTS}.help`)}
      </Typography>
      <Autocomplete<Establishment>
        options={data}
        loading={isFetching}
        disabled={opening}
        filterOptions={(options) => options}
        getOptionLabel={(establishment) => establishment.generalInfos.establishmentName}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        onInputChange={(_event, value, reason) => {
          if (reason !== 'reset') setSearch(value);
        }}
        onChange={(_event, establishment) => {
          if (establishment) void open(Number(establishment.id));
        }}
        noOptionsText={translate(`${TEXTS}.noMatch`)}
        loadingText={translate('ra.page.loading')}
        renderOption={(props, establishment) => {
          const { key, ...optionProps } = props as typeof props & { key: string };
          return (
            <li key={key} {...optionProps}>
              <span>
                {establishment.generalInfos.establishmentName}
                <Typography component="span" variant="body2" color="text.secondary">
                  {` · ${establishment.generalInfos.city}`}
                </Typography>
              </span>
            </li>
          );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={translate(`${TEXTS}.establishment`)}
            slotProps={{
              htmlInput: { ...params.inputProps, 'aria-describedby': helpId },
              input: {
                ...params.InputProps,
                endAdornment: (
                  <>
                    {isFetching || opening ? <CircularProgress size={18} /> : null}
                    {params.InputProps.endAdornment}
                  </>
                ),
              },
            }}
          />
        )}
      />
    </PickerFrame>
  );
};
