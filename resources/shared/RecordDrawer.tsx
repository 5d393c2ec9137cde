import { useCallback, useId, type ReactNode } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Drawer, IconButton, Stack, Typography } from '@mui/material';
import { useCreatePath, useResourceContext, useTranslate, type Identifier } from 'react-admin';
import { matchPath, useLocation, useNavigate } from 'react-router-dom';

/**
 * Create, edit and show screens in a side drawer over the list, driven by the route like react-admin's demo
 * reviews: `/users/create` opens the create drawer, `/users/12` the edit drawer, `/users/12/show` the
 * read-only one, `/users` closes it. The resource declares `hasCreate`, `hasEdit` and `hasShow` without
 * routes of their own, so react-admin's buttons and row clicks lead to these paths, and the list (its
 * route is `/users/*`) opens the drawer.
 */

export type DrawerRoute =
  { mode: 'create' } | { mode: 'edit'; id: Identifier } | { mode: 'show'; id: Identifier } | { mode: 'closed' };

export const useDrawerRoute = (): DrawerRoute & { close: () => void } => {
  const resource = useResourceContext();
  const createPath = useCreatePath();
  const listPath = createPath({ resource, type: 'list' });
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const close = useCallback(() => navigate(listPath), [navigate, listPath]);
  const shown = matchPath(`${listPath}/:id/show`, pathname)?.params.id;
  if (shown) return { mode: 'show', id: decodeURIComponent(shown), close };
  const segment = matchPath(`${listPath}/:id`, pathname)?.params.id;
  if (!segment) return { mode: 'closed', close };
  if (segment === 'create') return { mode: 'create', close };
  return { mode: 'edit', id: decodeURIComponent(segment), close };
};

export interface RecordDrawerProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Beside the title: a record's status (draft, read only). */
  headerExtra?: ReactNode;
  /** From the small breakpoint up; long forms (establishments) ask for more than the default 560 px. */
  width?: number;
}

/**
 * Save and Delete sit at the drawer's bottom edge: a long form (a user has a dozen fields) keeps them in
 * view while it scrolls, a short one (a tag, a reference value) stretches down to them instead of leaving
 * them halfway up the drawer.
 */
const contentSx = {
  flex: 1,
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  // The form, and the form's own wrapper around the toolbar (TabbedForm's), fill the height.
  '& > form, & > form > div:has(> .RaToolbar-desktopToolbar)': {
    flex: '1 0 auto',
    display: 'flex',
    flexDirection: 'column',
  },
  '& .RaToolbar-desktopToolbar': { position: 'sticky', bottom: 0, zIndex: 1, mt: 'auto' },
} as const;

/** A right-hand drawer with a title and a close button; full width on phones. */
export const RecordDrawer = ({ open, onClose, title, children, headerExtra, width = 560 }: RecordDrawerProps) => {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', sm: width }, maxWidth: '100%' },
          role: 'dialog',
          'aria-labelledby': titleId,
        },
      }}
    >
      <Stack
        direction="row"
        alignItems="center"
        sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap', columnGap: 1 }}
      >
        {/* A long title wraps rather than being cut ("Establishm…" on a phone); the status goes below it. */}
        <Typography
          id={titleId}
          variant="h6"
          component="h2"
          sx={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere', order: 0 }}
        >
          {title}
        </Typography>
        <IconButton
          aria-label={translate('resources.shared.drawer.close')}
          onClick={onClose}
          edge="end"
          sx={{ order: { xs: 1, sm: 2 } }}
        >
          <CloseIcon />
        </IconButton>
        {headerExtra ? (
          <Box sx={{ order: { xs: 2, sm: 1 }, flexBasis: { xs: '100%', sm: 'auto' } }}>{headerExtra}</Box>
        ) : null}
      </Stack>
      <Box sx={contentSx}>{open ? children : null}</Box>
    </Drawer>
  );
};
