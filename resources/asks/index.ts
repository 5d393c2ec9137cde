import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import type { ResourceProps } from 'react-admin';
import type { Ask } from './askRecord';
import { lazyScreen } from '../shared/lazyScreen';

/**
 * The asks (`/asks`, the menu's Request inbox): spread into `<Resource {...asks} />`. The list holds its
 * drawer (`/asks/:id`); its code loads on first visit. The menu's pending count (useAskCount) and the links
 * into the list (asksPathWithFilter) are light and load with the shell.
 */
export const asks = {
  name: 'asks',
  list: lazyScreen(() => import('./AskList'), 'AskList'),
  icon: QuestionAnswerIcon,
  recordRepresentation: (ask: Ask) => ask.title,
} satisfies ResourceProps;

export { ASKS_PATH, asksPathWithFilter, PENDING_EVENT_REQUESTS, type Ask } from './askRecord';
export { useAskCount } from './useAskCount';

export default asks;
