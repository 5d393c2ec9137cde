import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../domain/languages';
import type { OfferTemplate } from '../../../domain/offerTemplate';
import { users } from '../../db/schema';

/** What sending needs of the app (a FastifyInstance has all of it). */
export type TemplateMailServer = Pick<FastifyInstance, 'db' | 'mailer' | 'config' | 'background'>;

/**
 * After a decision on a template request has committed: mails the partner who asked (if the account still
 * exists and is active), in their language, with the reason. Returns at once; the mail follows as background
 * work, so the answer never waits for SMTP and a failed mail never undoes the decision.
 */
export function notifyTemplateRequestDecided(server: TemplateMailServer, decided: OfferTemplate): void {
  const requesterId = decided.requestedBy;
  if (requesterId === null || decided.approvalStatus === 'PENDING') return;
  server.background.run('template-request decision mail', async () => {
    const [requester] = await server.db
      .select({ email: users.email, firstName: users.firstName, language: users.language })
      .from(users)
      .where(and(eq(users.id, requesterId), eq(users.isActive, true)));
    if (!requester) return;
    await server.mailer.send({
      to: requester.email,
      userId: requesterId,
      language: isLanguage(requester.language) ? requester.language : DEFAULT_LANGUAGE,
      template: decided.approvalStatus === 'APPROVED' ? 'templateRequestApproved' : 'templateRequestRejected',
      params: {
        firstName: requester.firstName,
        templateTitle: decided.longTitle,
        reason: decided.approvalReason,
        link: `${server.config.publicUrl}/request-discount-template`,
      },
    });
  });
}
