import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../services/auth';
import type { BackgroundTasks } from '../plugins/background';
import { authRoutes } from './auth';
import { outboxRoutes } from './outbox';
import { auditLogRoutes } from './auditLog';
import { roleRoutes } from './roles';
import { tagRoutes } from './tags';
import { userRoutes } from './users';
import { establishmentRoutes } from './establishments';
import { promoterRoutes } from './promoters';
import { uploadRoutes } from './uploads';
import { referenceDataRoutes } from './referenceData';
import { eventRoutes } from './events';
import { occurrenceRoutes } from './occurrences';
import { eventApprovalRoutes } from './eventApprovals';
import { widgetSettingsRoutes } from './widgetSettings';
import { offerTemplateRoutes } from './offerTemplates';
import { offerRoutes } from './offers';
import { promoCodeRoutes } from './promoCodes';
import { notificationRoutes } from './notifications';
import { askRoutes } from './asks';
import { statisticsRoutes } from './statistics';
import { dashboardRoutes } from './dashboard';
import { tagTermRoutes } from './tagTerms';
import { billingRoutes } from './billing';

/** Every area of the API under /api/v1, one line each; a new area adds its file and one line here. */
export interface ApiRoutesOptions {
  authService: AuthService;
  background: BackgroundTasks;
  secureCookies: boolean;
  /** The Mail outbox exists outside production only. */
  withOutbox: boolean;
}

export async function apiRoutes(api: FastifyInstance, options: ApiRoutesOptions): Promise<void> {
  // No prefix: the auth paths in domain/auth.ts (AUTH_ENDPOINTS) already start with /auth.
  await api.register(authRoutes, {
    authService: options.authService,
    background: options.background,
    secureCookies: options.secureCookies,
  });
  if (options.withOutbox) await api.register(outboxRoutes, { prefix: '/outbox' });
  // Generic resources (server/routes/shared/resource.ts) register their own /<name> paths.
  await api.register(tagRoutes);
  await api.register(auditLogRoutes);
  await api.register(roleRoutes);
  await api.register(userRoutes);
  await api.register(establishmentRoutes);
  await api.register(promoterRoutes);
  await api.register(uploadRoutes);
  await api.register(referenceDataRoutes);
  await api.register(eventRoutes);
  await api.register(occurrenceRoutes);
  await api.register(eventApprovalRoutes);
  await api.register(widgetSettingsRoutes);
  await api.register(offerTemplateRoutes);
  await api.register(offerRoutes);
  await api.register(promoCodeRoutes);
  await api.register(notificationRoutes);
  await api.register(askRoutes);
  await api.register(statisticsRoutes);
  await api.register(dashboardRoutes);
  await api.register(tagTermRoutes);
  await api.register(billingRoutes);
}
