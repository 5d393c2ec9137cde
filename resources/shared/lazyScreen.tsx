import { lazy, Suspense, type ComponentType } from 'react';
import { DelayedLoader } from './DelayedLoader';

/**
 * A resource's screen loaded on first visit (react-admin's lazy resources): the app's first load carries no
 * list, form or show screen, only the one opened. While its code loads, the spinner shows only when that
 * takes more than a second, as for the app's lazy pages.
 */
export const lazyScreen = <Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): ComponentType => {
  const Screen = lazy<ComponentType>(() => load().then((module) => ({ default: module[name] })));
  const LazyScreen = () => (
    <Suspense fallback={<DelayedLoader />}>
      <Screen />
    </Suspense>
  );
  LazyScreen.displayName = `Lazy(${name})`;
  return LazyScreen;
};
