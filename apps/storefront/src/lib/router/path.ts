/**
 * Paths and route matching of the storefront's router (decision 0279),
 * with React Router 7's rules: a pattern matches case-insensitively and
 * with or without a trailing slash, `:name` takes one segment, a final `*`
 * the rest; the most specific of several matching routes wins.
 */

export interface Path {
  pathname: string;
  /** '' or '?…' */
  search: string;
  /** '' or '#…' */
  hash: string;
}

/** Where to go: a path (absolute, or '?…' for the current page with another query) or its parts. */
export type To = string | Partial<Path>;

export type Params = Readonly<Record<string, string | undefined>>;

export interface PathMatch {
  params: Record<string, string>;
  /** The part of the pathname the pattern matched. */
  pathname: string;
  /** That part without what a final `*` took: what nested routes are below. */
  pathnameBase: string;
}

/** A URL that leaves the app (a scheme, or //host): never a navigation of this router. */
export const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|[\\/]{2})/i;

export function parsePath(path: string): Partial<Path> {
  const parsed: Partial<Path> = {};
  const hashAt = path.indexOf('#');
  if (hashAt >= 0) {
    parsed.hash = path.slice(hashAt);
    path = path.slice(0, hashAt);
  }
  const searchAt = path.indexOf('?');
  if (searchAt >= 0) {
    parsed.search = path.slice(searchAt);
    path = path.slice(0, searchAt);
  }
  if (path) parsed.pathname = path;
  return parsed;
}

export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  if (search && search !== '?') pathname += search.startsWith('?') ? search : `?${search}`;
  if (hash && hash !== '#') pathname += hash.startsWith('#') ? hash : `#${hash}`;
  return pathname;
}

const normalise = (part: string | undefined, mark: string) =>
  !part || part === mark ? '' : part.startsWith(mark) ? part : mark + part;

/**
 * `to` against the current pathname: an absolute path stands alone ('.' and
 * '..' segments resolved, doubled slashes made single), one without a
 * pathname ('?page=2') keeps the current one; the rest of the app uses
 * absolute paths only.
 */
export function resolvePath(to: To, fromPathname: string): Path {
  const target = typeof to === 'string' ? parsePath(to) : to;
  let pathname = fromPathname;
  if (target.pathname !== undefined) {
    const segments: string[] = [];
    const relative = !/^[\\/]/.test(target.pathname);
    const base = relative && target.pathname !== '' ? fromPathname.split('/').filter(Boolean) : [];
    for (const segment of [...base, ...target.pathname.split(/[\\/]+/)]) {
      if (segment === '..') segments.pop();
      else if (segment !== '.' && segment !== '') segments.push(segment);
    }
    pathname = `/${segments.join('/')}`;
    if (pathname !== '/' && /[\\/]$/.test(target.pathname)) pathname += '/';
  }
  return { pathname, search: normalise(target.search, '?'), hash: normalise(target.hash, '#') };
}

/** Each segment percent-decoded; an encoded slash stays %2F so segments keep their bounds. */
export function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

const joinPaths = (paths: string[]) => paths.join('/').replace(/\/\/+/g, '/');
const withoutTrailingSlash = (path: string) => path.replace(/(.)\/+$/, '$1');

/** A pattern as a regular expression and its parameter names (React Router's compilePath). */
function compile(pattern: string, end: boolean): [RegExp, string[]] {
  const names: string[] = [];
  let source =
    '^' +
    pattern
      .replace(/\/*\*?$/, '')
      .replace(/^\/*/, '/')
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(/\/:([\w-]+)/g, (_, name: string) => {
        names.push(name);
        return '/([^\\/]+)';
      });
  if (pattern.endsWith('*')) {
    names.push('*');
    source += pattern === '*' || pattern === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else if (end) {
    source += '\\/*$';
  } else if (pattern !== '' && pattern !== '/') {
    source += '(?:(?=\\/|$))';
  }
  return [new RegExp(source, 'i'), names];
}

function matchPattern(pattern: string, pathname: string, end: boolean): PathMatch | null {
  const [matcher, names] = compile(pattern, end);
  const found = matcher.exec(pathname);
  if (!found) return null;
  const matched = found[0];
  let pathnameBase = matched.replace(/(.)\/+$/, '$1');
  const params: Record<string, string> = {};
  names.forEach((name, index) => {
    const value = found[index + 1] ?? '';
    if (name === '*') pathnameBase = matched.slice(0, matched.length - value.length).replace(/(.)\/+$/, '$1');
    params[name] = value.replace(/%2F/g, '/');
  });
  return { params, pathname: matched, pathnameBase };
}

/** Whether `pattern` matches the whole of `pathname` (as given; the router matches the decoded path). */
export function matchPath(pattern: string, pathname: string): PathMatch | null {
  return matchPattern(pattern, pathname, true);
}

/** A route of a <Routes> table. */
export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: React.ReactNode;
  children?: RouteObject[];
}

export interface RouteMatch extends PathMatch {
  route: RouteObject;
}

interface Branch {
  score: number;
  /** The route at each level, its path relative to its parent's, and its place among its siblings. */
  levels: { route: RouteObject; path: string; order: number }[];
}

const isParam = (segment: string) => /^:[\w-]+$/.test(segment);

/** React Router's ranking: static segments beat parameters, an index route beats a layout, a splat comes last. */
function score(path: string, index: boolean | undefined): number {
  const segments = path.split('/');
  let total = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment !== '*') total += isParam(segment) ? 3 : segment === '' ? 1 : 10;
  }
  return total;
}

function flatten(
  routes: RouteObject[],
  branches: Branch[] = [],
  parents: Branch['levels'] = [],
  parentPath = '',
) {
  routes.forEach((route, order) => {
    const levels = [...parents, { route, path: route.path ?? '', order }];
    const path = joinPaths([parentPath, route.path ?? '']);
    if (route.children?.length) flatten(route.children, branches, levels, path);
    if (route.path !== undefined || route.index) branches.push({ score: score(path, route.index), levels });
  });
  return branches;
}

/** Siblings keep their order; routes in different places rank equal (a stable sort keeps them as written). */
function siblingOrder(a: Branch, b: Branch): number {
  const x = a.levels.map((level) => level.order);
  const y = b.levels.map((level) => level.order);
  const siblings = x.length === y.length && x.slice(0, -1).every((n, i) => n === y[i]);
  return siblings ? x[x.length - 1]! - y[y.length - 1]! : 0;
}

function matchBranch(branch: Branch, pathname: string): RouteMatch[] | null {
  const params: Record<string, string> = {};
  const matches: RouteMatch[] = [];
  let matchedPathname = '/';
  for (const [index, level] of branch.levels.entries()) {
    const remaining = matchedPathname === '/' ? pathname : pathname.slice(matchedPathname.length) || '/';
    const match = matchPattern(level.path, remaining, index === branch.levels.length - 1);
    if (!match) return null;
    Object.assign(params, match.params);
    matches.push({
      route: level.route,
      params,
      pathname: joinPaths([matchedPathname, match.pathname]),
      pathnameBase: withoutTrailingSlash(joinPaths([matchedPathname, match.pathnameBase])).replace(
        /^\/*/,
        '/',
      ),
    });
    if (match.pathnameBase !== '/') matchedPathname = joinPaths([matchedPathname, match.pathnameBase]);
  }
  return matches;
}

/** The routes, outermost first, that show `pathname` (decoded first), or null when none does. */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  const branches = flatten(routes).sort((a, b) => b.score - a.score || siblingOrder(a, b));
  const decoded = decodePath(pathname);
  for (const branch of branches) {
    const matches = matchBranch(branch, decoded);
    if (matches) return matches;
  }
  return null;
}
