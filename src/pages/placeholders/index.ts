import type { RoutePrefix } from '../../../domain/access';

export { PlaceholderPage } from './PlaceholderPage';

/**
 * The areas that show a placeholder page for now. The specification's placeholder screens (tag terms,
 * billing) and, until they are built, the product's later areas,
 * so that the menu is complete and every role already sees exactly its areas. The change that
 * builds one removes it here and adds its `<Resource>` (or page) in App.tsx. Users, tags, the audit
 * log, establishments, promoter groups, the widget settings, the promo codes, the asks, the notifications and the
 * statistics are real screens.
 */
export const PLACEHOLDER_AREAS = ['billing'] as const satisfies readonly RoutePrefix[];
