import type { SvgIconComponent } from '@mui/icons-material';
import AssessmentIcon from '@mui/icons-material/Assessment';
import CategoryIcon from '@mui/icons-material/Category';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import EventIcon from '@mui/icons-material/Event';
import GroupsIcon from '@mui/icons-material/Groups';
import HistoryIcon from '@mui/icons-material/History';
import LabelIcon from '@mui/icons-material/Label';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PostAddIcon from '@mui/icons-material/PostAdd';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SettingsIcon from '@mui/icons-material/Settings';
import StorefrontIcon from '@mui/icons-material/Storefront';
import TranslateIcon from '@mui/icons-material/Translate';
import WidgetsIcon from '@mui/icons-material/Widgets';
import type { RoutePrefix } from '../../domain/access';
import { canOpenPath, type Environment } from '../../providers/accessControl';
import { areaPath } from '../pages/paths';

/** The menu label (translation key) of every area; placeholder pages greet with it too. */
export const AREA_LABELS: Readonly<Record<RoutePrefix, string>> = {
  dashboard: 'app.menu.dashboard',
  statistics: 'app.menu.statistics',
  notifications: 'app.menu.notifications',
  asks: 'app.menu.asks',
  establishments: 'app.menu.establishments',
  promoters: 'app.menu.promoters',
  events: 'app.menu.events',
  discount: 'app.menu.discount',
  'discount-template': 'app.menu.discountTemplate',
  'request-discount-template': 'app.menu.requestDiscountTemplate',
  'promo-code': 'app.menu.promoCode',
  tags: 'app.menu.tags',
  'tag-terms': 'app.menu.tagTerms',
  iframe: 'app.menu.iframe',
  users: 'app.menu.users',
  'audit-log': 'app.menu.auditLog',
  outbox: 'app.menu.outbox',
  'reference-data': 'app.menu.referenceData',
  billing: 'app.menu.billing',
  settings: 'app.menu.settings',
};

export interface MenuEntry {
  route: RoutePrefix;
  icon: SvgIconComponent;
  /** Set when the area is a react-admin resource: its list must also pass the auth provider's canAccess. */
  resource?: string;
}

export interface MenuGroup {
  id: string;
  /** Translation key of the group's subheader. */
  label: string;
  entries: readonly MenuEntry[];
}

/**
 * The side menu, grouped by what people come to do:
 * - Overview: where one starts the day (dashboard, statistics, notifications, requests from partners);
 * - Venues & events: the records the partners run;
 * - Offers: offers, their templates, template requests and promo codes (all about selling);
 * - Content: the vocabularies and the embeddable widget that shape what the public sees;
 * - Administration: the platform's own tools (users, audit log, mail outbox);
 * - Account: what concerns the signed-in account itself (billing, settings), last like in most back offices.
 * Which entries a role sees is the permission table's decision (domain/access.ts), never this list's.
 */
export const MENU_GROUPS: readonly MenuGroup[] = [
  {
    id: 'overview',
    label: 'app.menu.groups.overview',
    entries: [
      { route: 'dashboard', icon: DashboardIcon },
      { route: 'statistics', icon: AssessmentIcon },
      { route: 'notifications', icon: NotificationsIcon },
      { route: 'asks', icon: QuestionAnswerIcon },
    ],
  },
  {
    id: 'venuesAndEvents',
    label: 'app.menu.groups.venuesAndEvents',
    entries: [
      { route: 'establishments', icon: StorefrontIcon, resource: 'establishments' },
      { route: 'promoters', icon: GroupsIcon, resource: 'promoters' },
      { route: 'events', icon: EventIcon },
    ],
  },
  {
    id: 'offers',
    label: 'app.menu.groups.offers',
    entries: [
      { route: 'discount', icon: LocalOfferIcon },
      { route: 'discount-template', icon: DescriptionIcon },
      { route: 'request-discount-template', icon: PostAddIcon },
      { route: 'promo-code', icon: ConfirmationNumberIcon },
    ],
  },
  {
    id: 'content',
    label: 'app.menu.groups.content',
    entries: [
      { route: 'tags', icon: LabelIcon, resource: 'tags' },
      { route: 'tag-terms', icon: TranslateIcon },
      { route: 'iframe', icon: WidgetsIcon },
    ],
  },
  {
    id: 'administration',
    label: 'app.menu.groups.administration',
    entries: [
      { route: 'users', icon: ManageAccountsIcon, resource: 'users' },
      { route: 'audit-log', icon: HistoryIcon, resource: 'audit-log' },
      { route: 'outbox', icon: MailOutlineIcon, resource: 'outbox' },
      { route: 'reference-data', icon: CategoryIcon },
    ],
  },
  {
    id: 'account',
    label: 'app.menu.groups.account',
    entries: [
      { route: 'billing', icon: ReceiptLongIcon },
      { route: 'settings', icon: SettingsIcon },
    ],
  },
];

/** The resources that have a menu entry: their list access is asked of the auth provider in one go. */
export const MENU_RESOURCES: readonly string[] = MENU_GROUPS.flatMap((group) =>
  group.entries.flatMap((entry) => (entry.resource ? [entry.resource] : [])),
);

export interface MenuVisibility extends Environment {
  /** The role keys the server gives the signed-in user. */
  roleKeys: readonly string[];
  /**
   * Whether the resource is declared in `<Admin>` (an entry without its screens would lead to Not Found)
   * and the auth provider's canAccess lets the user list it.
   */
  canListResource: (resource: string) => boolean;
}

const isVisible = (entry: MenuEntry, { roleKeys, canListResource, isProduction }: MenuVisibility): boolean =>
  canOpenPath(roleKeys, areaPath(entry.route), { isProduction }) &&
  (entry.resource === undefined || canListResource(entry.resource));

/** The groups as one user sees them: only the entries their roles open, and no group left empty. */
export const visibleMenuGroups = (groups: readonly MenuGroup[], visibility: MenuVisibility): MenuGroup[] =>
  groups
    .map((group) => ({ ...group, entries: group.entries.filter((entry) => isVisible(entry, visibility)) }))
    .filter((group) => group.entries.length > 0);
