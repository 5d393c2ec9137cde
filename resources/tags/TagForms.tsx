import type { Identifier } from 'react-admin';
import { tagInputSchema } from '../../domain/tag';
import { DrawerCreate, DrawerEdit } from '../shared/DrawerForms';
import { SaveDeleteToolbar } from '../shared/EditToolbar';
import { zodFormErrors } from '../shared/zodValidation';
import { TagForm } from './TagInputs';

/** The server's schema (domain/tag.ts), each problem on its field. */
const validateTag = (values: Record<string, unknown>) => zodFormErrors(tagInputSchema, values);

const NEW_TAG_DEFAULTS = {
  generalInfos: { tagName: '', category: '', subCategory: null },
  translation: { french: null, english: null, german: null, italian: null },
  advanced: { description: null, htmlDescription: null },
};

export const TagEdit = ({ id, onClose }: { id: Identifier; onClose: () => void }) => (
  <DrawerEdit id={id} onClose={onClose}>
    <TagForm validate={validateTag} toolbar={<SaveDeleteToolbar />} />
  </DrawerEdit>
);

export const TagCreate = ({ onClose }: { onClose: () => void }) => (
  <DrawerCreate onClose={onClose}>
    <TagForm validate={validateTag} defaultValues={NEW_TAG_DEFAULTS} />
  </DrawerCreate>
);
