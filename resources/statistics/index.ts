import { lazyScreen } from '../shared/lazyScreen';

/**
 * `/statistics` (a page of the shell, not a react-admin collection): the figures of a venue, a promoter group,
 * an event or the platform over a period (StatisticsPage.tsx). Its code, and the charts' in a chunk of their own,
 * load on first visit.
 */
export const StatisticsPage = lazyScreen(() => import('./StatisticsPage'), 'StatisticsPage');

/** The page's address for a scope and period, for links to it (a dashboard card's). */
export { searchOf as statisticsSearchOf, viewOf as statisticsViewOf } from './statisticsQuery';
