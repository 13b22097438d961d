/**
 * The storefront's router (decision 0279): the part of React Router's
 * declarative mode the shop uses, with its behaviour — routers for the
 * browser, tests and the server's page renderer, <Routes> with nested and
 * splat routes, links, redirects and the hooks. A navigation re-renders in
 * a transition, so a page whose code is still loading keeps the old page on
 * screen instead of a fallback. The app imports routing from here (and
 * matchPath from ./path); react-router is not a dependency any more.
 */
import {
  Children,
  createContext,
  Fragment,
  isValidElement,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import {
  createBrowserHistory,
  createMemoryHistory,
  createStaticHistory,
  type History,
  type Location,
  type NavigationType,
} from './history';
import {
  ABSOLUTE_URL,
  createPath,
  matchRoutes,
  parsePath,
  resolvePath,
  type Params,
  type RouteMatch,
  type RouteObject,
  type To,
} from './path';

interface LocationValue {
  location: Location;
  type: NavigationType;
}

const HistoryContext = createContext<History | null>(null);
const LocationContext = createContext<LocationValue | null>(null);
const RouteContext = createContext<{ outlet: ReactNode; matches: RouteMatch[] }>({
  outlet: null,
  matches: [],
});

function useLocationValue(): LocationValue {
  const value = useContext(LocationContext);
  if (!value) throw new Error('Router hooks and links need a router around them (app/app.tsx)');
  return value;
}

function useHistory(): History {
  return useContext(HistoryContext)!;
}

/** A router whose location follows `history`: every move re-renders in a transition. */
function HistoryRouter({ history, children }: { history: History; children: ReactNode }) {
  const [value, setValue] = useState<LocationValue>(() => ({
    location: history.location,
    type: history.action,
  }));
  useLayoutEffect(
    () =>
      history.listen(() => {
        const next = { location: history.location, type: history.action };
        startTransition(() => setValue(next));
      }),
    [history],
  );
  return (
    <HistoryContext.Provider value={history}>
      <LocationContext.Provider value={value}>{children}</LocationContext.Provider>
    </HistoryContext.Provider>
  );
}

/** The browser's address bar and history (pushState, popstate). */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(createBrowserHistory);
  return <HistoryRouter history={history}>{children}</HistoryRouter>;
}

/** History in memory, for tests: starts at the last of `initialEntries`. */
export function MemoryRouter({
  initialEntries,
  children,
}: {
  initialEntries?: (string | Partial<Location>)[];
  children: ReactNode;
}) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <HistoryRouter history={history}>{children}</HistoryRouter>;
}

/** One fixed location, for the server's page renderer (entry-server.tsx); navigating there throws. */
export function StaticRouter({
  location,
  children,
}: {
  location: string | Partial<Location>;
  children: ReactNode;
}) {
  const history = createStaticHistory(typeof location === 'string' ? parsePath(location) : location);
  return (
    <HistoryContext.Provider value={history}>
      <LocationContext.Provider value={{ location: history.location, type: 'POP' }}>
        {children}
      </LocationContext.Provider>
    </HistoryContext.Provider>
  );
}

export function useLocation(): Location {
  return useLocationValue().location;
}

/** How the current location was reached: POP (Back, Forward, the first page), PUSH or REPLACE. */
export function useNavigationType(): NavigationType {
  return useLocationValue().type;
}

/** The parameters of the innermost matched route (`:id`, and `*` for a splat), decoded. */
export function useParams(): Params {
  const { matches } = useContext(RouteContext);
  return matches[matches.length - 1]?.params ?? {};
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void;
  /** Back (-1) or forward (1) in the history. */
  (delta: number): void;
}

/**
 * Moves to `to` (a path, or '?…' for this page with another query), as a new
 * history entry or replacing this one. A call while the component first
 * renders is ignored, as with React Router: navigations belong in effects and
 * event handlers. A URL of another site throws.
 */
export function useNavigate(): NavigateFunction {
  const history = useHistory();
  useLocationValue();
  const mounted = useRef(false);
  useLayoutEffect(() => {
    mounted.current = true;
  });
  return useCallback(
    (to: To | number, options: NavigateOptions = {}) => {
      if (!mounted.current) return;
      if (typeof to === 'number') return history.go(to);
      if (typeof to === 'string' && ABSOLUTE_URL.test(to))
        throw new Error('External navigation is not allowed');
      const path = resolvePath(to, history.location.pathname);
      if (options.replace) history.replace(path, options.state);
      else history.push(path, options.state);
    },
    [history],
  ) as NavigateFunction;
}

type SearchParamsInit = string | URLSearchParams | Record<string, string> | [string, string][];

export type SetSearchParams = (
  next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit),
  options?: NavigateOptions,
) => void;

/**
 * The query string's parameters, and a setter that navigates to this page
 * with new ones (a function gets a copy of the current ones to change).
 */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback<SetSearchParams>(
    (next, options) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(params)) : next;
      navigate(`?${new URLSearchParams(value).toString()}`, options);
    },
    [navigate, params],
  );
  return [params, setParams];
}

/** Navigates (once mounted) to `to`: a redirect rendered by a page. */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const target = JSON.stringify(resolvePath(to, pathname));
  useEffect(() => {
    navigate(JSON.parse(target) as To, { replace, state });
  }, [navigate, target, replace, state]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  /** A plain link: the browser loads the page (a way out of a broken app). */
  reloadDocument?: boolean;
  ref?: React.Ref<HTMLAnchorElement>;
}

/** This site's path of an absolute URL `to`, or null for another site's. */
function ownPath(to: string): string | null {
  if (typeof window === 'undefined') return to;
  try {
    const url = new URL(to, window.location.href);
    return url.origin === window.location.origin ? url.pathname + url.search + url.hash : null;
  } catch {
    return null;
  }
}

/**
 * An <a> whose plain left click navigates inside the app (a click to the
 * page already shown replaces its entry); a modified or middle click, a
 * target other than _self, and other sites' URLs are left to the browser.
 */
export function Link({ to, replace, state, reloadDocument, onClick, target, ...rest }: LinkProps) {
  const { location } = useLocationValue();
  const navigate = useNavigate();
  const absolute = typeof to === 'string' && ABSOLUTE_URL.test(to);
  const inApp = absolute ? ownPath(to) : to;
  const path = resolvePath(inApp ?? '/', location.pathname);
  const spa = inApp !== null && !reloadDocument;

  function click(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(path, { replace: replace ?? createPath(location) === createPath(path), state });
  }
  return (
    <a
      {...rest}
      href={absolute ? (to as string) : createPath(path)}
      onClick={spa ? click : onClick}
      target={target}
    />
  );
}

export interface NavLinkProps extends LinkProps {
  /** Active only at exactly this path, not below it. */
  end?: boolean;
}

/**
 * A Link that says when it is the current page: class "active" and
 * aria-current="page" at its path or (without `end`) below it, case-insensitively.
 */
export function NavLink({ end = false, className, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const here = pathname.toLowerCase();
  const to = resolvePath(rest.to, pathname).pathname.toLowerCase();
  const slashAt = to !== '/' && to.endsWith('/') ? to.length - 1 : to.length;
  const active = here === to || (!end && here.startsWith(to) && here.charAt(slashAt) === '/');
  return (
    <Link
      {...rest}
      aria-current={active ? 'page' : undefined}
      className={[className, active && 'active'].filter(Boolean).join(' ') || undefined}
    />
  );
}

export interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** A route of <Routes>: a description it reads, never rendered itself. */
export function Route(props: RouteProps): ReactElement {
  throw new Error(`<Route path="${props.path ?? ''}"> belongs directly inside <Routes>`);
}

function routesOf(children: ReactNode): RouteObject[] {
  const routes: RouteObject[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteProps>(child)) return;
    if (child.type === Fragment) {
      routes.push(...routesOf(child.props.children));
      return;
    }
    if (child.type !== Route) throw new Error('<Routes> takes only <Route> children');
    const { path, index, element, children: nested } = child.props;
    routes.push({ path, index, element, children: nested ? routesOf(nested) : undefined });
  });
  return routes;
}

/**
 * Renders the best match of its <Route> children for the location, an outer
 * route's element showing the inner one where it has an <Outlet />. Inside a
 * splat route ("staff/*") it matches the rest of the path.
 */
export function Routes({ children }: { children: ReactNode }) {
  const { matches: parents } = useContext(RouteContext);
  const { pathname } = useLocation();
  const parent = parents[parents.length - 1];
  const base = parent?.pathnameBase ?? '/';
  const below =
    base === '/'
      ? pathname
      : `/${pathname.replace(/^\//, '').split('/').slice(base.replace(/^\//, '').split('/').length).join('/')}`;
  const matches = matchRoutes(routesOf(children), below);
  if (!matches) return null;
  const join = (path: string) => (path === '/' ? base : `${base}/${path}`.replace(/\/\/+/g, '/'));
  const resolved = matches.map((match) => ({
    ...match,
    params: { ...parent?.params, ...match.params },
    pathname: join(match.pathname),
    pathnameBase: join(match.pathnameBase),
  }));
  return resolved.reduceRight<ReactNode>(
    (outlet, match, index) => (
      <RouteContext.Provider value={{ outlet, matches: [...parents, ...resolved.slice(0, index + 1)] }}>
        {match.route.element !== undefined ? match.route.element : outlet}
      </RouteContext.Provider>
    ),
    null,
  );
}

/** Where a layout route shows its matched child route. */
export function Outlet(): ReactNode {
  return useContext(RouteContext).outlet;
}
