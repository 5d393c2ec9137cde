import type { Visibility } from '../../../domain/enums';
import type { PicturesInput } from '../../services/partners/checks';
import { requireMayCreate, viewerAfterCreateOf } from '../../services/partners/onboarding';
import type { PartnerPictures } from '../../services/partners/pictures';
import type { PartnerWriteParts } from '../../services/partners/definition';
import { insertPartner, removePartner, updatePartner } from '../../services/partners/writes';
import type { ResourceWrites } from './resource';

/**
 * The generic's `write` for a partner resource (establishments, promoter groups): onboarding rules on create
 * (server/services/partners/onboarding.ts), then the partner writes of server/services/partners/writes.ts.
 */
export function partnerWrites<
  RecordShape extends { generalInfos: PartnerPictures; visibility: Visibility },
  Input extends { version?: number; generalInfos: PicturesInput },
>(parts: PartnerWriteParts<Input>): ResourceWrites<RecordShape, Input> {
  return {
    input: parts.input,
    version: parts.version,
    updatedAt: parts.updatedAt,
    authorizeWrite: ({ action, viewer }) => {
      if (action === 'create') requireMayCreate(viewer, parts.onboarding);
    },
    viewerAfterCreate: viewerAfterCreateOf(parts.onboarding),
    insert: (tx, input, { viewer }) => insertPartner(tx, parts, input, viewer),
    update: (tx, id, input, { viewer, current }) => updatePartner(tx, parts, id, input, viewer, current),
    remove: (tx, id, { viewer }) => removePartner(tx, parts, id, viewer),
    auditOmit: parts.auditOmit,
    visibilityOf: (record) => record.visibility,
  };
}
