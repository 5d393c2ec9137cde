import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import BlockIcon from '@mui/icons-material/Block';
import { Chip, Typography } from '@mui/material';
import { ReferenceFieldBase, useRecordContext, useTranslate } from 'react-admin';
import { APPROVAL_STATUSES, OFFER_KINDS, OFFER_RECURRENCE_PATTERNS, type ApprovalStatus } from '../../domain/enums';
import type { Establishment } from '../../domain/establishment';
import type { OfferTemplate } from '../../domain/offerTemplate';
import type { Promoter } from '../../domain/promoter';
import { LabelPlaceholder } from '../shared/LabelPlaceholder';

export const TEXTS = 'resources.offer-templates';

export const approvalChoices = APPROVAL_STATUSES.map((status) => ({ id: status, name: `${TEXTS}.approval.${status}` }));
export const offerTypeChoices = OFFER_KINDS.map((kind) => ({ id: kind, name: `${TEXTS}.offerTypes.${kind}` }));
export const patternChoices = OFFER_RECURRENCE_PATTERNS.map((pattern) => ({
  id: pattern,
  name: `${TEXTS}.patterns.${pattern}`,
}));

const APPROVAL_LOOK = {
  PENDING: { color: 'warning', icon: <HourglassEmptyIcon /> },
  APPROVED: { color: 'success', icon: <CheckCircleOutlineIcon /> },
  REJECTED: { color: 'error', icon: <BlockIcon /> },
} as const;

/** Pending, approved or rejected as a chip, each with its colour and icon (told apart without colour too). */
export const ApprovalChip = ({ status }: { status: ApprovalStatus }) => {
  const translate = useTranslate();
  const look = APPROVAL_LOOK[status];
  return (
    <Chip
      size="small"
      variant={status === 'APPROVED' ? 'outlined' : 'filled'}
      color={look.color}
      icon={look.icon}
      data-approval={status}
      label={translate(`${TEXTS}.approval.${status}`)}
    />
  );
};

export const ApprovalField = (_props: { label?: string }) => {
  const record = useRecordContext<OfferTemplate>();
  return record ? <ApprovalChip status={record.approvalStatus} /> : null;
};

/** "Exclusive", or "Recurrent · Every week". */
export const OfferTypeField = (_props: { label?: string }) => {
  const record = useRecordContext<OfferTemplate>();
  const translate = useTranslate();
  if (!record) return null;
  const type = translate(`${TEXTS}.offerTypes.${record.offerType}`);
  const pattern = record.reccurrencePattern ? translate(`${TEXTS}.patterns.${record.reccurrencePattern}`) : null;
  return (
    <Typography component="span" variant="body2">
      {pattern ? `${type} · ${pattern}` : type}
    </Typography>
  );
};

const Name = ({ text }: { text: string | undefined }) => (
  <Typography component="span" variant="body2">
    {text}
  </Typography>
);

const EstablishmentName = () => <Name text={useRecordContext<Establishment>()?.generalInfos.establishmentName} />;
const PromoterName = () => <Name text={useRecordContext<Promoter>()?.generalInfos.promoterName} />;

/** Whom the template is for: its establishment, its promoter group, or every partner. */
export const OwnerField = (_props: { label?: string }) => {
  const record = useRecordContext<OfferTemplate>();
  const translate = useTranslate();
  if (!record) return null;
  if (record.establishmentId !== null) {
    return (
      <ReferenceFieldBase source="establishmentId" reference="establishments" loading={<LabelPlaceholder />}>
        <EstablishmentName />
      </ReferenceFieldBase>
    );
  }
  if (record.promoterGroupId !== null) {
    return (
      <ReferenceFieldBase source="promoterGroupId" reference="promoters" loading={<LabelPlaceholder />}>
        <PromoterName />
      </ReferenceFieldBase>
    );
  }
  return <Name text={translate(`${TEXTS}.platformWide`)} />;
};
