import { useCallback } from 'react';
import { matchPath, useLocation, useNavigate } from 'react-router-dom';

/**
 * The pages of the offer templates live at the permission table's routes, not at the API collection's name:
 * the templates at /discount-template, the requests at /request-discount-template. Each opens its drawer by
 * path (`…/create`, `…/:id`), a URL to share, as the other resources' drawers do.
 */
export const TEMPLATES_PATH = '/discount-template';
export const REQUESTS_PATH = '/request-discount-template';
export const TEMPLATE_RESOURCE = 'offer-templates';

export type TemplateDrawerRoute = { mode: 'create' } | { mode: 'edit'; id: string } | { mode: 'closed' };

export const useTemplateDrawerRoute = (basePath: string) => {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const close = useCallback(() => navigate(basePath), [navigate, basePath]);
  const open = useCallback((id: string | number) => navigate(`${basePath}/${id}`), [navigate, basePath]);
  const segment = matchPath(`${basePath}/:id`, pathname)?.params.id;
  const route: TemplateDrawerRoute = !segment
    ? { mode: 'closed' }
    : segment === 'create'
      ? { mode: 'create' }
      : { mode: 'edit', id: decodeURIComponent(segment) };
  return { route, close, open };
};
