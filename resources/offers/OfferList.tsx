import { Button as MuiButton, Stack, useMediaQuery, type Theme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  AutocompleteInput,
  DataTable,
  ExportButton,
  FilterButton,
  List,
  ReferenceInput,
  ResourceContextProvider,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  SimpleList,
  TopToolbar,
  useCanAccess,
  useLocale,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link, matchPath, useLocation, useNavigate } from 'react-router-dom';
import { OFFER_STATUSES, type Offer } from '../../domain/offer';
import { formatDateInput } from '../shared/dateFormat';
import { ReferenceNameField } from '../shared/ReferenceWithFallback';
import { BulkVisibilityButtons } from '../shared/partner/BulkVisibilityButtons';
import { OfferCreate, OfferEdit } from './OfferForms';
import { useOfferExporter } from './offerExporter';
import { OfferStatusChips, SpotsBar } from './OfferStatus';
import { OFFERS_AREA, offerPath } from './paths';

const offerFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectArrayInput
    key="status"
    source="status"
    label="resources.offers.fields.status"
    choices={OFFER_STATUSES.map((status) => ({ id: status, name: `resources.offers.status.${status}` }))}
    alwaysOn
  />,
  <SelectInput
    key="offerType"
    source="offerType"
    label="resources.offers.fields.offerType"
    choices={[
      { id: 'EXCLUSIVE', name: 'resources.offers.types.EXCLUSIVE' },
      { id: 'RECURRENT', name: 'resources.offers.types.RECURRENT' },
    ]}
  />,
  <SelectInput
    key="visibility"
    source="visibility"
    label="resources.offers.fields.visibility"
    choices={[
      { id: 'DRAFT', name: 'resources.offers.visibility.DRAFT' },
      { id: 'PUBLISHED', name: 'resources.offers.visibility.PUBLISHED' },
    ]}
  />,
  <ReferenceInput key="establishmentId" source="establishmentId" reference="establishments">
    <AutocompleteInput
      label="resources.offers.fields.establishmentId"
      optionText={(record: { generalInfos?: { establishmentName?: string } }) =>
        record.generalInfos?.establishmentName ?? ''
      }
    />
  </ReferenceInput>,
  <ReferenceInput key="promoterGroupId" source="promoterGroupId" reference="promoters">
    <AutocompleteInput
      label="resources.offers.fields.promoterGroupId"
      optionText={(record: { generalInfos?: { promoterName?: string } }) => record.generalInfos?.promoterName ?? ''}
    />
  </ReferenceInput>,
  <ReferenceInput key="eventId" source="eventId" reference="events">
    <AutocompleteInput
      label="resources.offers.fields.eventId"
      optionText={(record: { generalInfos?: { eventTitle?: string } }) => record.generalInfos?.eventTitle ?? ''}
    />
  </ReferenceInput>,
];

/** The drawer the path opens: `/discount/create`, `/discount/:id`; `/discount` closes it. */
const useOfferDrawerRoute = () => {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const close = () => navigate(OFFERS_AREA);
  const segment = matchPath(`${OFFERS_AREA}/:id`, pathname)?.params.id;
  return { segment, close };
};

const OfferDrawer = () => {
  const { segment, close } = useOfferDrawerRoute();
  const { canAccess: canCreate } = useCanAccess({ resource: 'offers', action: 'create' });
  const { canAccess: canEdit } = useCanAccess({ resource: 'offers', action: 'edit' });
  if (!segment) return null;
  if (segment === 'create') return canCreate ? <OfferCreate onClose={close} /> : null;
  return canEdit ? <OfferEdit key={segment} id={decodeURIComponent(segment)} onClose={close} /> : null;
};

/** The template's short title (its id when the templates cannot be read). */
const TemplateTitle = () => (
  <ReferenceNameField source="promotionId" reference="offer-templates" nameSource="shortTitle" />
);

const EventTitle = () => (
  <ReferenceNameField source="eventId" reference="events" nameSource="generalInfos.eventTitle" />
);

/** "27.11.2026 22:00 – 26.01.2027 00:00": the window in the interface language's dates, 24-hour times. */
const windowText = (offer: Offer, locale: string) =>
  offer.offerType === 'EXCLUSIVE'
    ? `${formatDateInput(offer.startDate, locale)} ${offer.startTime} – ${formatDateInput(offer.endDate, locale)} ${offer.endTime}`
    : '';

const OfferWindow = () => {
  const locale = useLocale();
  const record = useRecordContext<Offer>();
  return record ? <>{windowText(record, locale)}</> : null;
};

const OfferListTitle = () => {
  const translate = useTranslate();
  return <>{translate('resources.offers.name', { smart_count: 2 })}</>;
};

const OfferTable = () => {
  const translate = useTranslate();
  return (
    <DataTable<Offer> rowClick={(id) => offerPath(id)} bulkActionButtons={<BulkVisibilityButtons />}>
      <DataTable.Col label="resources.offers.fields.promotionId" disableSort>
        <TemplateTitle />
      </DataTable.Col>
      <DataTable.Col
        source="offerType"
        label="resources.offers.fields.offerType"
        render={(offer) => translate(`resources.offers.types.${offer.offerType}`)}
      />
      <DataTable.Col source="eventId" label="resources.offers.fields.eventId">
        <EventTitle />
      </DataTable.Col>
      <DataTable.Col source="startDate" label="resources.offers.fields.window">
        <OfferWindow />
      </DataTable.Col>
      <DataTable.Col source="spotsLeft" label="resources.offers.fields.spots">
        <SpotsBar />
      </DataTable.Col>
      <DataTable.Col label="resources.offers.fields.status" disableSort>
        <OfferStatusChips />
      </DataTable.Col>
    </DataTable>
  );
};

/** Phones: the template, the event and the window, the chips and the spots. */
const OfferSimpleList = () => (
  <SimpleList<Offer>
    linkType={(record) => offerPath(record.id)}
    primaryText={() => <TemplateTitle />}
    secondaryText={(record) =>
      record.offerType === 'EXCLUSIVE' ? (
        <Stack spacing={0.5}>
          <OfferWindow />
          <SpotsBar />
        </Stack>
      ) : (
        <EventTitle />
      )
    }
    tertiaryText={<OfferStatusChips />}
  />
);

const OfferActions = () => {
  const translate = useTranslate();
  const { canAccess: canCreate } = useCanAccess({ resource: 'offers', action: 'create' });
  return (
    <TopToolbar>
      {canCreate ? (
        <MuiButton component={Link} to={`${OFFERS_AREA}/create`} startIcon={<AddIcon />} size="small">
          {translate('ra.action.create')}
        </MuiButton>
      ) : null}
      <FilterButton />
      <ExportButton />
    </TopToolbar>
  );
};

const OfferListScreen = () => {
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const exporter = useOfferExporter();
  return (
    <>
      <List
        resource="offers"
        sort={{ field: 'id', order: 'DESC' }}
        filters={offerFilters}
        perPage={25}
        actions={<OfferActions />}
        exporter={exporter}
        title={<OfferListTitle />}
        disableSyncWithLocation={false}
      >
        {isPhone ? <OfferSimpleList /> : <OfferTable />}
      </List>
      <OfferDrawer />
    </>
  );
};

/** `/discount/*`: the offers of the viewer's scope, their status and spots; create and edit in a drawer. */
export const OfferListPage = () => (
  <ResourceContextProvider value="offers">
    <OfferListScreen />
  </ResourceContextProvider>
);
