import { Box, Tab, Tabs, useMediaQuery, type Theme } from '@mui/material';
import {
  BooleanField,
  CreateButton,
  DataTable,
  FilterButton,
  List,
  NullableBooleanInput,
  SearchInput,
  SimpleList,
  TopToolbar,
  useCanAccess,
  useCreatePath,
  useLocaleState,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { LANGUAGES } from '../../domain/languages';
import {
  REFERENCE_KIND_NAMES,
  referenceResourceOf,
  type ReferenceKind,
  type ReferenceRecord,
} from '../../domain/reference';
import { useDrawerRoute } from '../shared/RecordDrawer';
import { labelIn } from '../shared/inputs/useReferenceData';
import { kindOfResource } from './kinds';
import { ReferenceValueCreate, ReferenceValueEdit } from './ReferenceDataForms';

const referenceFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NullableBooleanInput key="isActive" source="isActive" label="resources.referenceData.fields.isActive" alwaysOn />,
];

/** The nine vocabularies as tabs: switching one opens that kind's list (its own URL, so it can be bookmarked). */
const KindTabs = ({ kind }: { kind: ReferenceKind }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider', mt: 1 }}>
      <Tabs
        value={kind}
        onChange={(_event, next: ReferenceKind) =>
          navigate(createPath({ resource: referenceResourceOf(next), type: 'list' }))
        }
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={translate('resources.referenceData.kinds')}
      >
        {REFERENCE_KIND_NAMES.map((name) => (
          <Tab
            key={name}
            value={name}
            label={translate(`resources.${referenceResourceOf(name)}.name`, { smart_count: 2 })}
          />
        ))}
      </Tabs>
    </Box>
  );
};

/** A retired value reads dimmed: still on records, no longer offered. */
const rowSx = (record: ReferenceRecord) =>
  record.isActive ? {} : { color: 'text.disabled', '& .MuiTableCell-root': { color: 'text.disabled' } };

const ReferenceTable = () => (
  <DataTable<ReferenceRecord> bulkActionButtons={false} rowSx={rowSx}>
    <DataTable.Col source="key" label="resources.referenceData.fields.key" />
    {LANGUAGES.map((language) => (
      <DataTable.Col
        key={language}
        source={`label.${language}`}
        label={`resources.referenceData.fields.label.${language}`}
        render={(record) => record.label[language]}
      />
    ))}
    <DataTable.NumberCol source="position" label="resources.referenceData.fields.position" />
    <DataTable.Col source="isActive" label="resources.referenceData.fields.isActive">
      <BooleanField source="isActive" />
    </DataTable.Col>
  </DataTable>
);

/** Phones: the label in the user's language, the key and the state. */
const ReferenceSimpleList = () => {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  return (
    <SimpleList<ReferenceRecord>
      primaryText={(record) => labelIn(record, locale)}
      secondaryText={(record) => `${record.key} · ${record.position}`}
      tertiaryText={(record) => (record.isActive ? '' : translate('resources.referenceData.retired'))}
    />
  );
};

const ReferenceDrawer = ({ resource }: { resource: string }) => {
  const route = useDrawerRoute();
  const { canAccess: canCreate } = useCanAccess({ resource, action: 'create' });
  const { canAccess: canEdit } = useCanAccess({ resource, action: 'edit' });
  if (route.mode === 'create' && canCreate) return <ReferenceValueCreate onClose={route.close} />;
  if (route.mode === 'edit' && canEdit)
    return <ReferenceValueEdit key={String(route.id)} id={route.id} onClose={route.close} />;
  return null;
};

const ListActions = () => (
  <TopToolbar>
    <FilterButton />
    <CreateButton />
  </TopToolbar>
);

/**
 * Reference data (ROOT): one screen for the nine vocabularies, parametrised by the resource
 * (`reference-data/{kind}`): tabs to switch kind, search over key and labels, the active filter, and
 * create / edit in a drawer. Values are sorted by position, the order the pickers show.
 */
export const ReferenceDataList = () => {
  const resource = useResourceContext() ?? '';
  const kind = kindOfResource(resource);
  const translate = useTranslate();
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  if (!kind) return null;
  const title = `${translate('resources.referenceData.title')} · ${translate(`resources.${resource}.name`, { smart_count: 2 })}`;
  return (
    <>
      <KindTabs kind={kind} />
      <List
        key={resource}
        title={title}
        sort={{ field: 'position', order: 'ASC' }}
        filters={referenceFilters}
        perPage={50}
        actions={<ListActions />}
      >
        {isPhone ? <ReferenceSimpleList /> : <ReferenceTable />}
      </List>
      <ReferenceDrawer resource={resource} />
    </>
  );
};
