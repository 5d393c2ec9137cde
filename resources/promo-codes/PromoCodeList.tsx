import { useState, type MouseEvent } from 'react';
import AddIcon from '@mui/icons-material/Add';
import LibraryAddIcon from '@mui/icons-material/LibraryAdd';
import { Button as MuiButton, Stack, useMediaQuery, type Theme } from '@mui/material';
import {
  AutocompleteInput,
  Button,
  DataTable,
  ExportButton,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
  TopToolbar,
  useCanAccess,
  useRecordContext,
  useTranslate,
  useUpdate,
  type Identifier,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { PROMO_CODE_STATUSES, type PromoCode } from '../../domain/promoCode';
import { useNotifyResourceError } from '../shared/resourceErrors';
import { BulkCreateDialog } from './BulkCreateDialog';
import { PromoCodeStatusChip, UsageBar } from './PromoCodeStatus';
import { usePromoCodeExporter } from './promoCodeExporter';
import { recordPathOf } from './paths';

const TEXTS = 'resources.promo-codes';

const useStatusChoices = () => {
  const translate = useTranslate();
  return PROMO_CODE_STATUSES.map((status) => ({ id: status, name: translate(`${TEXTS}.status.${status}`) }));
};

const usePromoCodeFilters = () => {
  const statusChoices = useStatusChoices();
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" label={`${TEXTS}.fields.status`} choices={statusChoices} alwaysOn />,
    <ReferenceInput
      key="promoCodeTemplateId"
      source="promoCodeTemplateId"
      reference="promo-code-templates"
      sort={{ field: 'name', order: 'ASC' }}
      alwaysOn
    >
      <AutocompleteInput
        optionText="name"
        label={`${TEXTS}.fields.promoCodeTemplateId`}
        filterToQuery={(q: string) => ({ q })}
      />
    </ReferenceInput>,
  ];
};

const TemplateName = () => (
  <ReferenceField source="promoCodeTemplateId" reference="promo-code-templates" link={false}>
    <TextField source="name" />
  </ReferenceField>
);

/** Switches a code off (answered like an unknown code) or on again; the row's click stays the edit's. */
const DisableToggle = () => {
  const translate = useTranslate();
  const record = useRecordContext<PromoCode>();
  const notifyError = useNotifyResourceError();
  const [update, { isPending }] = useUpdate<PromoCode>();
  if (!record) return null;
  const toggle = (event: MouseEvent) => {
    event.stopPropagation();
    void update(
      'promo-codes',
      { id: record.id, data: { ...record, isDisabled: !record.isDisabled }, previousData: record },
      { mutationMode: 'pessimistic', onError: notifyError },
    );
  };
  const label = translate(`${TEXTS}.actions.${record.isDisabled ? 'enable' : 'disable'}`);
  return (
    <MuiButton size="small" onClick={toggle} disabled={isPending} aria-label={`${label} ${record.code}`}>
      {label}
    </MuiButton>
  );
};

const PromoCodeTable = ({ onOpen, canEdit }: { onOpen: (id: Identifier) => void; canEdit: boolean }) => (
  <DataTable<PromoCode>
    bulkActionButtons={false}
    rowClick={
      canEdit
        ? (id) => {
            onOpen(id);
            return false;
          }
        : false
    }
  >
    <DataTable.Col source="code" label={`${TEXTS}.fields.code`} sx={{ fontFamily: 'monospace' }} />
    <DataTable.Col source="status" label={`${TEXTS}.fields.status`} disableSort>
      <PromoCodeStatusChip />
    </DataTable.Col>
    <DataTable.Col source="usageCount" label={`${TEXTS}.fields.usageCount`}>
      <UsageBar />
    </DataTable.Col>
    <DataTable.Col source="promoCodeTemplateId" label={`${TEXTS}.fields.promoCodeTemplateId`}>
      <TemplateName />
    </DataTable.Col>
    {canEdit ? (
      <DataTable.Col label={`${TEXTS}.fields.actions`} disableSort>
        <DisableToggle />
      </DataTable.Col>
    ) : null}
  </DataTable>
);

/** Phones: the code and its status, then the usage bar and the template. */
const PromoCodeSimpleList = ({ onOpen, canEdit }: { onOpen: (id: Identifier) => void; canEdit: boolean }) => (
  <SimpleList<PromoCode>
    primaryText={(code) => code.code}
    secondaryText={
      <Stack spacing={0.5} sx={{ pt: 0.5 }}>
        <UsageBar />
        <TemplateName />
      </Stack>
    }
    tertiaryText={<PromoCodeStatusChip />}
    rowClick={
      canEdit
        ? (id) => {
            onOpen(id);
            return false;
          }
        : false
    }
  />
);

const PromoCodeActions = ({ onBulk }: { onBulk: () => void }) => {
  const navigate = useNavigate();
  const { canAccess: canCreate } = useCanAccess({ resource: 'promo-codes', action: 'create' });
  return (
    <TopToolbar>
      {canCreate ? (
        <>
          <Button label="ra.action.create" onClick={() => navigate(recordPathOf('codes', 'create'))}>
            <AddIcon />
          </Button>
          <Button label={`${TEXTS}.bulk.open`} onClick={onBulk}>
            <LibraryAddIcon />
          </Button>
        </>
      ) : null}
      <ExportButton />
    </TopToolbar>
  );
};

/** The codes: search, status and template filters, status chips, usage bars, bulk creation and CSV export. */
export const PromoCodeList = () => {
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  const filters = usePromoCodeFilters();
  const exporter = usePromoCodeExporter();
  const [bulkOpen, setBulkOpen] = useState(false);
  const { canAccess: canEdit = false } = useCanAccess({ resource: 'promo-codes', action: 'edit' });
  const open = (id: Identifier) => navigate(recordPathOf('codes', id));
  return (
    <>
      <List
        resource="promo-codes"
        sort={{ field: 'id', order: 'DESC' }}
        filters={filters}
        perPage={25}
        exporter={exporter}
        actions={<PromoCodeActions onBulk={() => setBulkOpen(true)} />}
        title={false}
        disableSyncWithLocation
        storeKey="promo-codes.list"
      >
        {isPhone ? (
          <PromoCodeSimpleList onOpen={open} canEdit={canEdit} />
        ) : (
          <PromoCodeTable onOpen={open} canEdit={canEdit} />
        )}
      </List>
      <BulkCreateDialog open={bulkOpen} onClose={() => setBulkOpen(false)} />
    </>
  );
};
