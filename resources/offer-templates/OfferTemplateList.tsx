import { Chip, Stack, useMediaQuery, type Theme } from '@mui/material';
import { establishmentFilter, promoterGroupFilter } from '../shared/partner/PartnerFilterInputs';
import {
  CreateButton,
  DataTable,
  FilterButton,
  List,
  ResourceContextProvider,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useTranslate,
  type Identifier,
} from 'react-admin';
import type { OfferTemplate } from '../../domain/offerTemplate';
import { BulkVisibilityButtons } from '../shared/partner/BulkVisibilityButtons';
import { VisibilityChip, visibilityChoices, VisibilityField } from '../shared/partner/visibility';
import { DelayedLoader } from '../shared/DelayedLoader';
import { TemplateCreate, TemplateEdit } from './OfferTemplateForms';
import { TEMPLATE_RESOURCE, TEMPLATES_PATH, useTemplateDrawerRoute } from './paths';
import {
  ApprovalChip,
  ApprovalField,
  approvalChoices,
  OfferTypeField,
  offerTypeChoices,
  OwnerField,
  TEXTS,
} from './TemplateFields';
import { useTemplateViewer } from './useTemplateViewer';

const FIELDS = `${TEXTS}.fields`;

/** A filter without an input: adding it from the filter menu keeps the templates for every partner. */
const PlatformWideFilter = (_props: { source: string; label?: string; defaultValue?: unknown }) => {
  const translate = useTranslate();
  return <Chip sx={{ mb: 1 }} color="primary" label={translate(`${TEXTS}.filters.platformWide`)} />;
};

const templateFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="approvalStatus"
    source="approvalStatus"
    label={`${FIELDS}.approvalStatus`}
    choices={approvalChoices}
    alwaysOn
    helperText={false}
  />,
  <SelectInput
    key="visibility"
    source="visibility"
    label={`${FIELDS}.visibility`}
    choices={visibilityChoices}
    alwaysOn
    helperText={false}
  />,
  <SelectInput
    key="offerType"
    source="offerType"
    label={`${FIELDS}.offerType`}
    choices={offerTypeChoices}
    helperText={false}
  />,
  establishmentFilter({ key: 'establishmentId', label: `${FIELDS}.establishmentId` }),
  promoterGroupFilter({ key: 'promoterGroupId', label: `${FIELDS}.promoterGroupId` }),
  <PlatformWideFilter key="platformWide" source="platformWide" label={`${TEXTS}.filters.platformWide`} defaultValue />,
];

const pathOf = (id: Identifier) => `${TEMPLATES_PATH}/${id}`;
/** A pending request is published by approving it: bulk changes leave it out. */
const isSelectable = (record: OfferTemplate) => record.approvalStatus !== 'PENDING';

const TemplateTable = () => (
  <DataTable<OfferTemplate>
    rowClick={pathOf}
    bulkActionButtons={<BulkVisibilityButtons />}
    isRowSelectable={isSelectable}
  >
    <DataTable.Col source="longTitle" label={`${FIELDS}.longTitle`} />
    <DataTable.Col source="shortTitle" label={`${FIELDS}.shortTitle`} />
    <DataTable.Col source="offerType" label={`${FIELDS}.offerType`}>
      <OfferTypeField />
    </DataTable.Col>
    <DataTable.Col label={`${FIELDS}.owner`} disableSort>
      <OwnerField />
    </DataTable.Col>
    <DataTable.Col source="approvalStatus" label={`${FIELDS}.approvalStatus`}>
      <ApprovalField />
    </DataTable.Col>
    <DataTable.Col source="visibility" label={`${FIELDS}.visibility`}>
      <VisibilityField />
    </DataTable.Col>
  </DataTable>
);

/** Phones: the title, type and owner, and both statuses as chips. */
const TemplateSimpleList = () => (
  <SimpleList<OfferTemplate>
    rowClick={pathOf}
    primaryText={(template) => template.longTitle}
    secondaryText={<OfferTypeField />}
    tertiaryText={(template) => (
      <Stack direction="row" spacing={0.5} component="span">
        <ApprovalChip status={template.approvalStatus} />
        <VisibilityChip visibility={template.visibility} />
      </Stack>
    )}
  />
);

const ListActions = () => {
  const translate = useTranslate();
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton to={`${TEMPLATES_PATH}/create`} label={translate(`${TEXTS}.list.create`)} />
    </TopToolbar>
  );
};

const TemplateDrawer = () => {
  const { route, close } = useTemplateDrawerRoute(TEMPLATES_PATH);
  if (route.mode === 'create') return <TemplateCreate onClose={close} basePath={TEMPLATES_PATH} decides />;
  if (route.mode === 'edit') {
    return <TemplateEdit key={route.id} id={route.id} onClose={close} basePath={TEMPLATES_PATH} decides />;
  }
  return null;
};

/**
 * `/discount-template` (ROOT, COORDINATOR_ADMIN_FULL): every template with search, filters, both statuses and
 * bulk publish / unpublish; create and edit in a drawer.
 */
export const OfferTemplateListPage = () => {
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const { isPending } = useTemplateViewer();
  if (isPending) return <DelayedLoader />;
  return (
    <>
      <List
        resource={TEMPLATE_RESOURCE}
        title="app.menu.discountTemplate"
        sort={{ field: 'longTitle', order: 'ASC' }}
        filters={templateFilters}
        actions={<ListActions />}
        perPage={25}
      >
        {isPhone ? <TemplateSimpleList /> : <TemplateTable />}
      </List>
      <ResourceContextProvider value={TEMPLATE_RESOURCE}>
        <TemplateDrawer />
      </ResourceContextProvider>
    </>
  );
};
