import { Box, Divider } from '@mui/material';
import { useGetIdentity } from 'react-admin';
import type { Event } from '../../domain/event';
import { RelatedOffers, type OfferPrefill } from '../offers/RelatedOffers';

/**
 * The event's offers, below its form. A new one is for this event; its owner is the viewer's own venue or group
 * (the form's default), and only a viewer without one (the platform's staff) gets the event's owner, its venue
 * first: a promoter's event held at a venue is offered by either, and the partner's own scope decides.
 */
export const EventOffers = ({ record }: { record: Event }) => {
  const { identity, isPending } = useGetIdentity();
  if (isPending) return null;
  const hasOwnScope = Boolean(identity?.establishmentId ?? identity?.promoterGroupId);
  const { establishmentId, promoterGroupId } = record.generalInfos;
  const prefill: OfferPrefill = hasOwnScope
    ? { eventId: record.id }
    : {
        eventId: record.id,
        establishmentId: establishmentId ?? null,
        promoterGroupId: establishmentId ? null : (promoterGroupId ?? null),
      };
  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
      <Divider sx={{ mt: 1, mb: 2 }} />
      <RelatedOffers filter={{ eventId: record.id }} prefill={prefill} />
    </Box>
  );
};
