/**
 * Promoter requests (the `requestEvent` save action): their status for everyone who sees them, and the venue's
 * decision for those who may take it. `<ApprovalActions record />` fits an edit toolbar or a list row.
 */
export { ApprovalActions } from './ApprovalActions';
export { ApprovalNotice, ApprovalStatusChip, ApprovalStatusField } from './ApprovalStatus';
export { useCanDecideRequest } from './useCanDecideRequest';
