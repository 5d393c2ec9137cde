import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCanAccess, useDataProvider, useLocale, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { Offer, OfferClaimListItem } from '../../domain/offer';
import type { AppDataProvider } from '../../providers/dataProvider';
import { formatDateTime } from '../shared/dateFormat';

/**
 * The claims of an exclusive offer beside its form: who claimed a spot and when, the cancelled ones marked, and
 * "Cancel claim" (with a confirmation) for staff who may change the offer; the spot comes back at once.
 */
export const OfferClaims = () => {
  const record = useRecordContext<Offer>();
  const { canAccess } = useCanAccess({ resource: 'offers', action: 'edit', record });
  if (!record || record.offerType !== 'EXCLUSIVE' || !canAccess) return null;
  return <ClaimsOf offerId={record.id} />;
};

const claimsKey = (offerId: number) => ['offers', 'claims', offerId] as const;

const ClaimsOf = ({ offerId }: { offerId: number }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const claims = useQuery({ queryKey: claimsKey(offerId), queryFn: () => dataProvider.getOfferClaims(offerId) });
  const [cancelling, setCancelling] = useState<OfferClaimListItem | null>(null);
  const live = claims.data?.filter((claim) => claim.cancelledAt === null).length ?? 0;
  return (
    <Box component="section" aria-labelledby="offer-claims-title" sx={{ px: 2, pb: 2 }}>
      <Typography id="offer-claims-title" variant="subtitle1" component="h2" sx={{ mt: 1 }}>
        {translate('resources.offers.claims.title', { smart_count: live })}
      </Typography>
      {claims.isError ? (
        <Typography color="error">{translate('resources.offers.claims.loadFailed')}</Typography>
      ) : claims.data?.length === 0 ? (
        <Typography color="text.secondary">{translate('resources.offers.claims.none')}</Typography>
      ) : (
        <List dense>
          {(claims.data ?? []).map((claim) => (
            <ClaimRow key={claim.id} claim={claim} onCancel={() => setCancelling(claim)} />
          ))}
        </List>
      )}
      <CancelClaimDialog offerId={offerId} claim={cancelling} onClose={() => setCancelling(null)} />
    </Box>
  );
};

const customerName = (claim: OfferClaimListItem, translate: (key: string) => string) =>
  claim.customer
    ? `${claim.customer.firstName} ${claim.customer.lastName} · ${claim.customer.email}`.trim()
    : translate('resources.offers.claims.deletedAccount');

const ClaimRow = ({ claim, onCancel }: { claim: OfferClaimListItem; onCancel: () => void }) => {
  const translate = useTranslate();
  const locale = useLocale();
  return (
    <ListItem
      disableGutters
      secondaryAction={
        claim.cancelledAt === null ? (
          <Button size="small" color="error" onClick={onCancel}>
            {translate('resources.offers.claims.cancel')}
          </Button>
        ) : (
          <Chip size="small" variant="outlined" label={translate('resources.offers.claims.cancelled')} />
        )
      }
    >
      <ListItemText
        primary={customerName(claim, translate)}
        secondary={translate('resources.offers.claims.claimedAt', { at: formatDateTime(claim.createdAt, locale) })}
        sx={{ pr: 14, opacity: claim.cancelledAt === null ? 1 : 0.6 }}
      />
    </ListItem>
  );
};

const CancelClaimDialog = ({
  offerId,
  claim,
  onClose,
}: {
  offerId: number;
  claim: OfferClaimListItem | null;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: (claimId: number) => dataProvider.cancelOfferClaim(offerId, claimId),
    onSettled: async () => {
      // The offer's spots and the list's bars change with the claims.
      await queryClient.invalidateQueries({ queryKey: claimsKey(offerId) });
      await queryClient.invalidateQueries({ queryKey: ['offers'] });
    },
    onSuccess: () => {
      notify('resources.offers.claims.cancelDone', { type: 'info' });
      onClose();
    },
    onError: () => {
      notify('resources.offers.claims.cancelFailed', { type: 'error' });
      onClose();
    },
  });
  return (
    <Dialog open={claim !== null} onClose={onClose} aria-labelledby="cancel-claim-title">
      <DialogTitle id="cancel-claim-title">{translate('resources.offers.claims.confirmTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {claim
            ? translate('resources.offers.claims.confirmText', { customer: customerName(claim, translate) })
            : null}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={cancel.isPending}
          onClick={() => claim && cancel.mutate(claim.id)}
        >
          {translate('resources.offers.claims.cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
