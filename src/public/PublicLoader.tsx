import { DelayedSpinner } from '../../resources/shared/DelayedSpinner';
import { usePageTranslate } from './pageText';

/** The public pages' wait (a link being checked): the same delayed spinner as the signed-in app's. */
export const PublicLoader = () => <DelayedSpinner label={usePageTranslate()('app.loading')} />;
