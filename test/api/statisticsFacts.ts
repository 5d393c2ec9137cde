import { sql } from 'drizzle-orm';

/**
 * Every fact the statistics count, read afresh from the records that hold them (never from `daily_statistics`):
 * one row per fact with its Zurich day, the scopes it belongs to, its figure and its amount. The tests compare the
 * roll-up and the API's answers with sums over these.
 */
export const RECORDED_FACTS =
  sql.raw(`      SELECT views.day, widget.establishment_id, NULL::int AS promoter_group_id, NULL::int AS event_id,
             'widgetViews' AS metric, views.views::bigint AS delta
      FROM widget_daily_views views JOIN widget_settings widget ON widget.id = views.widget_settings_id
      UNION ALL
      SELECT clicks.day, widget.establishment_id, event.promoter_group_id, event.id,
             CASE clicks.kind WHEN 'TICKET' THEN 'ticketClicks' ELSE 'websiteClicks' END, clicks.clicks
      FROM widget_daily_clicks clicks JOIN widget_settings widget ON widget.id = clicks.widget_settings_id
      LEFT JOIN events event ON event.id = clicks.event_id
      UNION ALL
      SELECT (claim.created_at AT TIME ZONE 'Europe/Zurich')::date, offer.establishment_id, offer.promoter_group_id,
             offer.event_id, 'offerClaims', 1
      FROM offer_claims claim JOIN offers offer ON offer.id = claim.offer_id WHERE claim.cancelled_at IS NULL
      UNION ALL
      SELECT (redemption.created_at AT TIME ZONE 'Europe/Zurich')::date, template.establishment_id,
             template.promoter_group_id, NULL, 'promoCodeRedemptions', 1
      FROM promo_code_redemptions redemption JOIN promo_codes code ON code.id = redemption.promo_code_id
      JOIN promo_code_templates template ON template.id = code.promo_code_template_id
      UNION ALL
      SELECT (event.published_at AT TIME ZONE 'Europe/Zurich')::date, event.establishment_id, event.promoter_group_id,
             event.id, 'eventsPublished', 1
      FROM events event WHERE event.published_at IS NOT NULL AND event.parent_event_id IS NULL
      UNION ALL
      SELECT (ask.decided_at AT TIME ZONE 'Europe/Zurich')::date, ask.establishment_id, ask.promoter_group_id,
             CASE WHEN ask.kind = 'EVENT_REQUEST' THEN ask.record_id END, metric.name, metric.delta
      FROM asks ask CROSS JOIN LATERAL (VALUES ('requestsDecided', 1::bigint),
        ('approvalSeconds', greatest(0, floor(extract(epoch FROM ask.decided_at - ask.requested_at)))::bigint)) AS metric(name, delta)
      WHERE ask.decided_at IS NOT NULL`);
