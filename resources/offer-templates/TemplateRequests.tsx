import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import AddIcon from '@mui/icons-material/Add';
import { Button, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import {
  DataTable,
  List,
  ResourceContextProvider,
  SimpleList,
  TopToolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { OfferTemplate, TemplateDecision } from '../../domain/offerTemplate';
import type { AppDataProvider } from '../../providers/dataProvider';
import { DateTimeField } from '../shared/DateTimeField';
import { DelayedLoader } from '../shared/DelayedLoader';
import { VisibilityField } from '../shared/partner/visibility';
import { useNotifyResourceError } from '../shared/resourceErrors';
import { TemplateCreate, TemplateEdit } from './OfferTemplateForms';
import { RejectDialog } from './RejectDialog';
import { REQUESTS_PATH, TEMPLATE_RESOURCE, useTemplateDrawerRoute } from './paths';
import { ApprovalChip, ApprovalField, OfferTypeField, OwnerField, TEXTS } from './TemplateFields';
import { useTemplateViewer } from './useTemplateViewer';

const FIELDS = `${TEXTS}.fields`;
const pathOf = (id: Identifier) => `${REQUESTS_PATH}/${id}`;

/** Approve and Reject of one pending request; the row's click (open it) is not theirs. */
const DecisionButtons = (_props: { label?: string }) => {
  const record = useRecordContext<OfferTemplate>();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyResourceError();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  if (!record) return null;

  const decide = async (decision: TemplateDecision, reason?: string) => {
    setBusy(true);
    try {
      await dataProvider.decideTemplateRequest(record.id, decision, {
        ...(reason ? { reason } : {}),
        version: record.version,
      });
      notify(`${TEXTS}.notifications.${decision === 'approve' ? 'approved' : 'rejected'}`, { type: 'success' });
      setRejecting(false);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
      refresh();
    }
  };
  const stop = (event: MouseEvent) => event.stopPropagation();

  return (
    <Stack direction="row" spacing={1} onClick={stop}>
      <Button
        size="small"
        color="success"
        variant="outlined"
        startIcon={<CheckIcon />}
        disabled={busy}
        onClick={() => decide('approve')}
      >
        {translate(`${TEXTS}.queue.approve`)}
      </Button>
      <Button
        size="small"
        color="error"
        variant="outlined"
        startIcon={<CloseIcon />}
        disabled={busy}
        onClick={() => setRejecting(true)}
      >
        {translate(`${TEXTS}.queue.reject`)}
      </Button>
      {rejecting ? (
        <RejectDialog
          open
          title={record.longTitle}
          busy={busy}
          onCancel={() => setRejecting(false)}
          onReject={(reason) => decide('reject', reason)}
        />
      ) : null}
    </Stack>
  );
};

const Intro = ({ text }: { text: string }) => (
  <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
    {useTranslate()(text)}
  </Typography>
);

const Empty = ({ text }: { text: string }) => (
  <Typography sx={{ p: 2 }} color="text.secondary">
    {useTranslate()(text)}
  </Typography>
);

/** The deciders' queue: the PENDING requests, oldest first, each with Approve and Reject. */
const RequestQueue = ({ isPhone }: { isPhone: boolean }) => (
  <>
    <Intro text={`${TEXTS}.queue.intro`} />
    <List
      resource={TEMPLATE_RESOURCE}
      title={`${TEXTS}.queue.title`}
      filter={{ approvalStatus: 'PENDING' }}
      sort={{ field: 'requestedAt', order: 'ASC' }}
      actions={false}
      empty={<Empty text={`${TEXTS}.queue.empty`} />}
      perPage={25}
      disableSyncWithLocation
    >
      {isPhone ? (
        <SimpleList<OfferTemplate>
          rowClick={pathOf}
          primaryText={(template) => template.longTitle}
          secondaryText={<OwnerField />}
          tertiaryText={<DecisionButtons />}
        />
      ) : (
        <DataTable<OfferTemplate> rowClick={pathOf} bulkActionButtons={false}>
          <DataTable.Col source="longTitle" label={`${FIELDS}.longTitle`} />
          <DataTable.Col source="offerType" label={`${FIELDS}.offerType`}>
            <OfferTypeField />
          </DataTable.Col>
          <DataTable.Col label={`${FIELDS}.owner`} disableSort>
            <OwnerField />
          </DataTable.Col>
          <DataTable.Col source="requestedAt" label={`${FIELDS}.requestedAt`}>
            <DateTimeField source="requestedAt" />
          </DataTable.Col>
          <DataTable.Col label={`${TEXTS}.queue.decisions`} disableSort>
            <DecisionButtons />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  </>
);

/** A rejected request's reason under its status. */
const ReasonLine = () => {
  const record = useRecordContext<OfferTemplate>();
  const translate = useTranslate();
  if (!record?.approvalReason) return null;
  return (
    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
      {translate(`${TEXTS}.mine.reason`, { reason: record.approvalReason })}
    </Typography>
  );
};

const RequestButton = () => {
  const navigate = useNavigate();
  const translate = useTranslate();
  return (
    <TopToolbar>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate(`${REQUESTS_PATH}/create`)}>
        {translate(`${TEXTS}.mine.request`)}
      </Button>
    </TopToolbar>
  );
};

/** A partner's own requests (its establishment's or group's), newest first, with status and reason. */
const MyRequests = ({ isPhone }: { isPhone: boolean }) => (
  <>
    <Intro text={`${TEXTS}.mine.intro`} />
    <List
      resource={TEMPLATE_RESOURCE}
      title={`${TEXTS}.mine.title`}
      filter={{ isRequest: true, platformWide: false }}
      sort={{ field: 'requestedAt', order: 'DESC' }}
      // The page's route guard let the partner in; the templates' own page (canAccess) is the platform's.
      disableAuthentication
      actions={<RequestButton />}
      empty={
        <Stack sx={{ alignItems: 'flex-start' }}>
          <Empty text={`${TEXTS}.mine.empty`} />
          <RequestButton />
        </Stack>
      }
      perPage={25}
      disableSyncWithLocation
    >
      {isPhone ? (
        <SimpleList<OfferTemplate>
          rowClick={(id, _resource, record) => (record.approvalStatus === 'PENDING' ? pathOf(id) : false)}
          primaryText={(template) => template.longTitle}
          secondaryText={<OfferTypeField />}
          tertiaryText={(template) => (
            <span>
              <ApprovalChip status={template.approvalStatus} />
              <ReasonLine />
            </span>
          )}
        />
      ) : (
        <DataTable<OfferTemplate>
          rowClick={(id, _resource, record) => (record.approvalStatus === 'PENDING' ? pathOf(id) : false)}
          bulkActionButtons={false}
        >
          <DataTable.Col source="longTitle" label={`${FIELDS}.longTitle`} />
          <DataTable.Col source="offerType" label={`${FIELDS}.offerType`}>
            <OfferTypeField />
          </DataTable.Col>
          <DataTable.Col source="requestedAt" label={`${FIELDS}.requestedAt`}>
            <DateTimeField source="requestedAt" />
          </DataTable.Col>
          <DataTable.Col source="approvalStatus" label={`${FIELDS}.approvalStatus`}>
            <ApprovalField />
            <ReasonLine />
          </DataTable.Col>
          <DataTable.Col source="visibility" label={`${FIELDS}.visibility`}>
            <VisibilityField />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  </>
);

const RequestDrawer = ({ decides }: { decides: boolean }) => {
  const { route, close } = useTemplateDrawerRoute(REQUESTS_PATH);
  if (route.mode === 'create' && !decides) {
    return <TemplateCreate onClose={close} basePath={REQUESTS_PATH} decides={false} />;
  }
  if (route.mode === 'edit') {
    return <TemplateEdit key={route.id} id={route.id} onClose={close} basePath={REQUESTS_PATH} decides={decides} />;
  }
  return null;
};

/**
 * `/request-discount-template`: for the platform's staff, the queue of requests to decide; for a partner,
 * its requests with their statuses and reasons, and "Request a template".
 */
export const TemplateRequestsPage = () => {
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const { decides, isPending } = useTemplateViewer();
  if (isPending) return <DelayedLoader />;
  return (
    <ResourceContextProvider value={TEMPLATE_RESOURCE}>
      {decides ? <RequestQueue isPhone={isPhone} /> : <MyRequests isPhone={isPhone} />}
      <RequestDrawer decides={decides} />
    </ResourceContextProvider>
  );
};
