import { Box } from '@mui/material';
import { DeleteButton, SaveButton, Toolbar, type Identifier } from 'react-admin';
import { DrawerCreate, DrawerEdit } from '../shared/DrawerForms';
import { OfferClaims } from './OfferClaims';
import { OfferForm, offerDefaults, useOfferOwner } from './OfferInputs';
import { OFFERS_AREA } from './paths';

/** Save, and Delete back to the list of the area (the server refuses an offer with live claims). */
const OfferEditToolbar = () => (
  <Toolbar>
    <SaveButton />
    <Box sx={{ flex: 1 }} />
    <DeleteButton mutationMode="pessimistic" redirect={OFFERS_AREA} />
  </Toolbar>
);

export const OfferEdit = ({ id, onClose }: { id: Identifier; onClose: () => void }) => {
  const { owner } = useOfferOwner();
  return (
    <DrawerEdit id={id} onClose={onClose} redirect={OFFERS_AREA}>
      <OfferForm owner={owner} toolbar={<OfferEditToolbar />} />
      <OfferClaims />
    </DrawerEdit>
  );
};

export const OfferCreate = ({ onClose }: { onClose: () => void }) => {
  const { owner, isPending } = useOfferOwner();
  if (isPending) return null;
  return (
    <DrawerCreate onClose={onClose} redirect={OFFERS_AREA}>
      <OfferForm owner={owner} defaultValues={offerDefaults('EXCLUSIVE', owner)} />
    </DrawerCreate>
  );
};
