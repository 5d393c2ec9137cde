import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useEffect,
  useSyncExternalStore,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { matchPathPattern, PUBLIC_PAGE_PATTERNS, type PathParams } from '../appChunks';
import {
  currentLocation,
  navigateTo,
  subscribeToLocation,
  type BrowserLocation,
  type NavigateOptions,
} from '../browserLocation';

/**
 * The public pages' routing, on the browser's history (src/browserLocation.ts) rather than react-router, which
 * only the signed-in app loads: the current location, its query and path parameters, a navigate function,
 * <Navigate> and a link component for MUI's `component` prop, behaving as react-router's.
 */

export const usePublicLocation = (): BrowserLocation => useSyncExternalStore(subscribeToLocation, currentLocation);

export const useSearchParams = (): URLSearchParams => new URLSearchParams(usePublicLocation().search);

const PathParamsContext = createContext<PathParams>({});

/** The parameters of the page's path pattern (`:resetPasswordToken`). */
export const usePathParams = (): PathParams => useContext(PathParamsContext);

export const useNavigateTo = () => navigateTo;

/** Goes to `to` once shown, as react-router's <Navigate>. */
export const Navigate = ({ to, replace, state }: { to: string } & NavigateOptions) => {
  useEffect(() => navigateTo(to, { replace, state }), [to, replace, state]);
  return null;
};

const isPlainLeftClick = (event: MouseEvent<HTMLAnchorElement>) =>
  event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;

export interface RouterLinkProps {
  to: string;
  ref?: Ref<HTMLAnchorElement>;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  target?: string;
  children?: ReactNode;
}

/** A link within the app (for MUI's `component` prop): a real href, a plain click moves without a page load. */
export const RouterLink = ({ to, onClick, target, ...rest }: RouterLinkProps) => (
  <a
    href={to}
    target={target}
    {...rest}
    onClick={(event) => {
      onClick?.(event);
      if (event.defaultPrevented || !isPlainLeftClick(event) || (target && target !== '_self')) return;
      event.preventDefault();
      navigateTo(to);
    }}
  />
);

export type PublicPages = Record<(typeof PUBLIC_PAGE_PATTERNS)[number], ComponentType>;

/** The page whose pattern matches the current path, with its parameters; nothing when none does. */
export const PublicRoutes = ({ pages }: { pages: PublicPages }) => {
  const { pathname } = usePublicLocation();
  for (const pattern of PUBLIC_PAGE_PATTERNS) {
    const params = matchPathPattern(pattern, pathname);
    if (params === null) continue;
    const Page = pages[pattern];
    return (
      <PathParamsContext.Provider value={params}>
        <Page key={pattern} />
      </PathParamsContext.Provider>
    );
  }
  return null;
};

/** A page loaded when first shown (those that read the stored session, which loads with them). */
export const lazyPage = (load: () => Promise<{ default: ComponentType }>, fallback: ReactNode): ComponentType => {
  const Page = lazy(load);
  const LazyPage = () => (
    <Suspense fallback={fallback}>
      <Page />
    </Suspense>
  );
  return LazyPage;
};
