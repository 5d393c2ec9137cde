import type { ReactElement } from 'react';
import { Badge, Box, Divider, ListSubheader } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import {
  Menu as RaMenu,
  useCanAccessResources,
  useResourceDefinitions,
  useSidebarState,
  useTranslate,
} from 'react-admin';
import { useMatch } from 'react-router-dom';
import { useAskCount } from '../../resources/asks';
import { appConfig } from '../config/env';
import { areaPath } from '../pages/paths';
import {
  AREA_LABELS,
  MENU_GROUPS,
  MENU_RESOURCES,
  visibleMenuGroups,
  type MenuEntry,
  type MenuGroup,
} from './menuItems';
import { useServerRoleKeys } from './useServerRoleKeys';

/** The current entry stands out in both colour schemes: the selected background and the primary colour. */
const entrySx = {
  mx: 1,
  borderRadius: 1,
  '&.RaMenuItemLink-active': {
    bgcolor: 'action.selected',
    color: 'primary.main',
    fontWeight: 600,
    '& .RaMenuItemLink-icon': { color: 'primary.main' },
  },
} as const;

const subheaderSx = {
  bgcolor: 'transparent',
  color: 'text.secondary',
  lineHeight: 2.5,
  mt: 1,
  fontSize: '0.75rem',
  fontWeight: 600,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  whiteSpace: 'nowrap',
} as const;

/**
 * One entry; react-admin marks it active when the path is its own or below it (`/users/12`), and
 * `aria-current` tells assistive technology the same. When the sidebar is closed only the icon shows,
 * with the label as a tooltip (react-admin's Menu.Item). A `count` above zero shows as a badge on the icon
 * and is said after the label (`countLabel`, a plural translation key).
 */
const MenuEntryItem = ({ entry, count, countLabel }: { entry: MenuEntry; count?: number; countLabel?: string }) => {
  const translate = useTranslate();
  const to = areaPath(entry.route);
  const isCurrent = useMatch({ path: to, end: false }) !== null;
  const Icon = entry.icon;
  const hasCount = count !== undefined && count > 0;
  return (
    <RaMenu.Item
      to={to}
      primaryText={
        hasCount && countLabel ? (
          <>
            {translate(AREA_LABELS[entry.route])}
            <Box component="span" sx={visuallyHidden} data-menu-count>
              {`, ${translate(countLabel, { smart_count: count })}`}
            </Box>
          </>
        ) : (
          AREA_LABELS[entry.route]
        )
      }
      leftIcon={
        hasCount ? (
          <Badge
            badgeContent={count}
            max={99}
            color="warning"
            data-testid={`menu-count-${entry.route}`}
            data-menu-count
            slotProps={{ badge: { 'aria-hidden': true } }}
          >
            <Icon />
          </Badge>
        ) : (
          <Icon />
        )
      }
      aria-current={isCurrent ? 'page' : undefined}
      sx={entrySx}
    />
  );
};

/**
 * The Request inbox with the number of asks pending for the viewer (resources/asks useAskCount): it follows
 * every refresh of the asks (a decision, the live stream's news).
 */
const AsksMenuEntry = ({ entry }: { entry: MenuEntry }) => (
  <MenuEntryItem entry={entry} count={useAskCount()} countLabel="resources.asks.pendingCount" />
);

const menuEntryElement = (entry: MenuEntry) =>
  entry.route === 'asks' ? (
    <AsksMenuEntry key={entry.route} entry={entry} />
  ) : (
    <MenuEntryItem key={entry.route} entry={entry} />
  );

/**
 * MUI's MenuList takes no fragments: each group becomes its heading (a subheader when the sidebar is
 * open, a divider between icon groups when it is closed) followed by its entries, in one flat list.
 */
const groupElements = (
  group: MenuGroup,
  index: number,
  isSidebarOpen: boolean,
  translate: (key: string) => string,
): ReactElement[] => {
  const heading = isSidebarOpen ? (
    <ListSubheader key={`${group.id}-heading`} disableSticky sx={subheaderSx}>
      {translate(group.label)}
    </ListSubheader>
  ) : index > 0 ? (
    <Divider key={`${group.id}-heading`} sx={{ my: 1 }} />
  ) : null;
  const entries = group.entries.map(menuEntryElement);
  return heading ? [heading, ...entries] : entries;
};

/**
 * The side menu, filtered by the permission table (domain/access.ts) over the role keys the server
 * gives the user: an entry shows when those roles open its route and, for a resource, when the auth
 * provider's canAccess lets the user list it (which also hides the Mail outbox in production). A group
 * with no visible entry does not show. Nothing shows until the roles are known.
 */
export const Menu = () => {
  const translate = useTranslate();
  const [isSidebarOpen] = useSidebarState();
  const { roleKeys, isPending: areRolesPending } = useServerRoleKeys();
  const resources = useResourceDefinitions();
  const { canAccess: canListByResource, isPending: isListAccessPending } = useCanAccessResources({
    action: 'list',
    resources: [...MENU_RESOURCES],
  });

  // An empty list, not no children: without children react-admin's Menu shows its default entries.
  if (areRolesPending || isListAccessPending) return <RaMenu>{[]}</RaMenu>;

  const groups = visibleMenuGroups(MENU_GROUPS, {
    roleKeys,
    isProduction: appConfig.isProduction,
    canListResource: (resource) => resource in resources && canListByResource?.[resource] === true,
  });
  return <RaMenu>{groups.flatMap((group, index) => groupElements(group, index, isSidebarOpen, translate))}</RaMenu>;
};
