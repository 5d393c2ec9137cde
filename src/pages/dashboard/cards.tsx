import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import EditNoteIcon from '@mui/icons-material/EditNote';
import EventIcon from '@mui/icons-material/Event';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PublishIcon from '@mui/icons-material/Publish';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import RedeemIcon from '@mui/icons-material/Redeem';
import StorefrontIcon from '@mui/icons-material/Storefront';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, Chip, List, ListItem, ListItemText, Skeleton, Typography, type SvgIconProps } from '@mui/material';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { DashboardCardData, DashboardCardId, DashboardOccurrence, WeekOverWeek } from '../../../domain/dashboard';
import { changeOf, formatChange, formatCount, formatDay, formatLocalDate, formatShortDate, formatWhen } from './format';

/** The texts of the dashboard's cards (src/i18n/<lang>/dashboard.ts). */
export const DASHBOARD_TEXTS = 'dashboard';
const CARD_TEXTS = `${DASHBOARD_TEXTS}.cards`;

/** The charts (@mui/x-charts) load only when a card draws one, never with the page itself. */
const WeekOverWeekSparkline = lazy(() =>
  import('./Sparklines').then((module) => ({ default: module.WeekOverWeekSparkline })),
);
const WeeklyBars = lazy(() => import('./Sparklines').then((module) => ({ default: module.WeeklyBars })));

/** The height of a card's chart, also its placeholder's while the chart code loads. */
export const CHART_HEIGHT = 56;

export type CardColor = 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info';

/** What a card shows once its figures came: its question's answer, then details. */
type ContentOf<Id extends DashboardCardId> = ComponentType<{ data: DashboardCardData[Id] }>;

export interface CardSpec<Id extends DashboardCardId> {
  icon: ComponentType<SvgIconProps>;
  color: CardColor;
  /** The question the card answers (a message key), given its figures when they changed it. */
  title: (data: DashboardCardData[Id] | undefined) => string;
  Content: ContentOf<Id>;
}

const useLocale = () => useLocaleState()[0];

/** The card's one big number. */
export const Figure = ({ value, suffix }: { value: number; suffix?: ReactNode }) => {
  const locale = useLocale();
  return (
    <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
      <Typography component="p" variant="h4" sx={{ fontWeight: 600, lineHeight: 1.2 }} data-figure={value}>
        {formatCount(value, locale)}
      </Typography>
      {suffix}
    </Box>
  );
};

/** A line of detail under the figure. */
const Detail = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
    {children}
  </Typography>
);

/** "+12 %" against the 7 days before: green up, red down (`inverse` for figures where up is bad). */
const ChangeChip = ({ figures, inverse = false }: { figures: WeekOverWeek; inverse?: boolean }) => {
  const locale = useLocale();
  const translate = useTranslate();
  const change = changeOf(figures.last7Days, figures.previous7Days);
  if (change === null) return null;
  const good = inverse ? change < 0 : change > 0;
  const bad = inverse ? change > 0 : change < 0;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={good ? 'success' : bad ? 'error' : 'default'}
      label={formatChange(change, locale)}
      title={translate(`${DASHBOARD_TEXTS}.changeHint`)}
    />
  );
};

/** The figure of the last 7 days, its change and the 7 days before. */
const WeekOverWeekContent = ({ figures, inverse }: { figures: WeekOverWeek; inverse?: boolean }) => {
  const translate = useTranslate();
  const locale = useLocale();
  return (
    <>
      <Figure value={figures.last7Days} suffix={<ChangeChip figures={figures} inverse={inverse} />} />
      <Detail>
        {translate(`${DASHBOARD_TEXTS}.previous7Days`, { count: formatCount(figures.previous7Days, locale) })}
      </Detail>
    </>
  );
};

const ChartFallback = () => <Skeleton variant="rounded" height={CHART_HEIGHT} sx={{ mt: 1 }} />;

/** Up to five items of a customer's card, each a line with its date. */
const ShortList = ({
  items,
  empty,
}: {
  items: { key: string; primary: string; secondary: string }[];
  empty: string;
}) =>
  items.length === 0 ? (
    <Detail>{empty}</Detail>
  ) : (
    <List dense disablePadding sx={{ mt: 0.5 }}>
      {items.slice(0, 5).map((item) => (
        <ListItem key={item.key} disableGutters sx={{ py: 0 }}>
          <ListItemText
            primary={item.primary}
            secondary={item.secondary}
            slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
          />
        </ListItem>
      ))}
    </List>
  );

const occurrenceLine = (occurrence: DashboardOccurrence, locale: string) =>
  [formatWhen(occurrence.startsAt, locale), occurrence.establishmentName].filter(Boolean).join(' · ');

const PendingAsks: ContentOf<'pendingAsks'> = ({ data }) => {
  const translate = useTranslate();
  const locale = useLocale();
  return (
    <>
      <Figure value={data.count} />
      {data.count > 0 && data.oldestRequestedAt ? (
        <Detail>
          {translate(`${CARD_TEXTS}.pendingAsks.oldest`, { date: formatDay(data.oldestRequestedAt, locale) })}
        </Detail>
      ) : null}
    </>
  );
};

const UnreadNotifications: ContentOf<'unreadNotifications'> = ({ data }) => <Figure value={data.count} />;

const WeekOccurrences: ContentOf<'weekOccurrences'> = ({ data }) => {
  const translate = useTranslate();
  const locale = useLocale();
  return (
    <>
      <Figure value={data.count} />
      <Detail>
        {translate(`${CARD_TEXTS}.weekOccurrences.week`, {
          from: formatShortDate(data.weekStart, locale),
          to: formatShortDate(data.weekEnd, locale),
        })}
      </Detail>
      {data.next ? (
        <Box sx={{ mt: 1 }} data-next-occurrence={data.next.startsAt}>
          <Typography variant="body2" color="text.secondary">
            {translate(`${CARD_TEXTS}.weekOccurrences.next`)}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
            {data.next.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {occurrenceLine(data.next, locale)}
          </Typography>
        </Box>
      ) : (
        <Detail>{translate(`${CARD_TEXTS}.weekOccurrences.noNext`)}</Detail>
      )}
    </>
  );
};

const Drafts: ContentOf<'drafts'> = ({ data }) => <Figure value={data.count} />;

const Offers: ContentOf<'offers'> = ({ data }) => {
  const translate = useTranslate();
  const locale = useLocale();
  return (
    <>
      <Figure value={data.running} />
      <Detail>
        {translate(`${CARD_TEXTS}.offers.spots`, {
          nearlySoldOut: formatCount(data.nearlySoldOut, locale),
          soldOut: formatCount(data.soldOut, locale),
        })}
      </Detail>
    </>
  );
};

const PromoCodes: ContentOf<'promoCodes'> = ({ data }) => <WeekOverWeekContent figures={data} />;

const WidgetViews: ContentOf<'widgetViews'> = ({ data }) => {
  const translate = useTranslate();
  const days = data.days.map((day) => day.views);
  const previous = days.slice(0, Math.max(days.length - 7, 0));
  const last = days.slice(-7);
  return (
    <>
      <WeekOverWeekContent figures={data} />
      {last.length > 0 ? (
        <Suspense fallback={<ChartFallback />}>
          <WeekOverWeekSparkline
            last={last}
            previous={previous}
            height={CHART_HEIGHT}
            label={translate(`${CARD_TEXTS}.widgetViews.chart`)}
          />
        </Suspense>
      ) : null}
    </>
  );
};

const PlatformPartners: ContentOf<'platformPartners'> = ({ data }) => {
  const translate = useTranslate();
  const locale = useLocale();
  return (
    <>
      <Figure value={data.establishments + data.promoterGroups} />
      <Detail>
        {translate(`${CARD_TEXTS}.platformPartners.split`, {
          establishments: formatCount(data.establishments, locale),
          promoterGroups: formatCount(data.promoterGroups, locale),
        })}
      </Detail>
      <Detail>
        {translate(`${CARD_TEXTS}.platformPartners.new`, { count: formatCount(data.newLast7Days, locale) })}
      </Detail>
    </>
  );
};

const PlatformEventsPublished: ContentOf<'platformEventsPublished'> = ({ data }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const thisWeek = data.weeks.at(-1)?.count ?? 0;
  const firstWeek = data.weeks[0]?.weekStart;
  return (
    <>
      <Figure value={thisWeek} />
      {firstWeek ? (
        <Detail>
          {translate(`${CARD_TEXTS}.platformEventsPublished.weeks`, { from: formatLocalDate(firstWeek, locale) })}
        </Detail>
      ) : null}
      {firstWeek ? (
        <Suspense fallback={<ChartFallback />}>
          <WeeklyBars
            values={data.weeks.map((week) => week.count)}
            height={CHART_HEIGHT}
            label={translate(`${CARD_TEXTS}.platformEventsPublished.chart`, {
              from: formatLocalDate(firstWeek, locale),
            })}
          />
        </Suspense>
      ) : null}
    </>
  );
};

const PlatformNewUsers: ContentOf<'platformNewUsers'> = ({ data }) => <WeekOverWeekContent figures={data} />;

const OutboxFailures: ContentOf<'outboxFailures'> = ({ data }) => {
  const translate = useTranslate();
  const locale = useLocale();
  return (
    <>
      <Figure value={data.failedLast7Days} />
      <Detail>
        {translate(`${CARD_TEXTS}.outboxFailures.retrying`, { count: formatCount(data.retrying, locale) })}
      </Detail>
    </>
  );
};

const UpcomingEvents: ContentOf<'upcomingEvents'> = ({ data }) => {
  const translate = useTranslate();
  const locale = useLocale();
  return (
    <ShortList
      empty={translate(`${CARD_TEXTS}.upcomingEvents.empty`)}
      items={data.items.map((item) => ({
        key: item.occurrenceId,
        primary: item.title,
        secondary: occurrenceLine(item, locale),
      }))}
    />
  );
};

const MyClaims: ContentOf<'myClaims'> = ({ data }) => {
  const translate = useTranslate();
  const locale = useLocale();
  return (
    <>
      <Figure value={data.count} />
      <ShortList
        empty={translate(`${CARD_TEXTS}.myClaims.empty`)}
        items={data.items.map((item) => ({
          key: String(item.claimId),
          primary: item.title,
          secondary: item.startDate
            ? translate(`${CARD_TEXTS}.myClaims.startsOn`, { date: formatLocalDate(item.startDate, locale) })
            : translate(`${CARD_TEXTS}.myClaims.claimedOn`, { date: formatDay(item.claimedAt, locale) }),
        }))}
      />
    </>
  );
};

const MyCodes: ContentOf<'myCodes'> = ({ data }) => {
  const translate = useTranslate();
  const locale = useLocale();
  return (
    <>
      <Figure value={data.count} />
      <ShortList
        empty={translate(`${CARD_TEXTS}.myCodes.empty`)}
        items={data.items.map((item) => ({
          key: String(item.promoCodeId),
          primary: item.code,
          secondary: translate(`${CARD_TEXTS}.myCodes.redeemedOn`, { date: formatDay(item.redeemedAt, locale) }),
        }))}
      />
    </>
  );
};

const titleOf = (id: DashboardCardId) => (): string => `${CARD_TEXTS}.${id}.title`;

/** Each card's icon, colour, question and content, in the order of domain/dashboard.ts's DASHBOARD_CARDS. */
export const CARD_SPECS: { [Id in DashboardCardId]: CardSpec<Id> } = {
  pendingAsks: {
    icon: QuestionAnswerIcon,
    color: 'warning',
    title: (data) => `${CARD_TEXTS}.pendingAsks.${data?.mine ? 'titleMine' : 'title'}`,
    Content: PendingAsks,
  },
  unreadNotifications: {
    icon: NotificationsIcon,
    color: 'info',
    title: titleOf('unreadNotifications'),
    Content: UnreadNotifications,
  },
  weekOccurrences: {
    icon: CalendarMonthIcon,
    color: 'primary',
    title: titleOf('weekOccurrences'),
    Content: WeekOccurrences,
  },
  drafts: { icon: EditNoteIcon, color: 'secondary', title: titleOf('drafts'), Content: Drafts },
  offers: { icon: LocalOfferIcon, color: 'success', title: titleOf('offers'), Content: Offers },
  promoCodes: { icon: ConfirmationNumberIcon, color: 'secondary', title: titleOf('promoCodes'), Content: PromoCodes },
  widgetViews: { icon: VisibilityIcon, color: 'info', title: titleOf('widgetViews'), Content: WidgetViews },
  platformPartners: {
    icon: StorefrontIcon,
    color: 'primary',
    title: titleOf('platformPartners'),
    Content: PlatformPartners,
  },
  platformEventsPublished: {
    icon: PublishIcon,
    color: 'success',
    title: titleOf('platformEventsPublished'),
    Content: PlatformEventsPublished,
  },
  platformNewUsers: {
    icon: PersonAddIcon,
    color: 'secondary',
    title: titleOf('platformNewUsers'),
    Content: PlatformNewUsers,
  },
  outboxFailures: { icon: MailOutlineIcon, color: 'error', title: titleOf('outboxFailures'), Content: OutboxFailures },
  upcomingEvents: { icon: EventIcon, color: 'primary', title: titleOf('upcomingEvents'), Content: UpcomingEvents },
  myClaims: { icon: RedeemIcon, color: 'success', title: titleOf('myClaims'), Content: MyClaims },
  myCodes: { icon: ConfirmationNumberIcon, color: 'secondary', title: titleOf('myCodes'), Content: MyCodes },
};
