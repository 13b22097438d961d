import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  StaticRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
  type NavigateFunction,
} from './router';
import { matchPath } from './path';

/** Shows the location, its state, how it was reached and the route's parameters. */
function Where() {
  const location = useLocation();
  return (
    <>
      <p data-testid="path">{`${location.pathname}${location.search}${location.hash}`}</p>
      <p data-testid="state">{JSON.stringify(location.state)}</p>
      <p data-testid="type">{useNavigationType()}</p>
    </>
  );
}

/** A page: its heading and the parameters its route gave it. */
function Page({ title }: { title: string }) {
  return (
    <>
      <h1>{title}</h1>
      <p data-testid="params">{JSON.stringify(useParams())}</p>
    </>
  );
}

let navigate: NavigateFunction = () => {};
function Navigator() {
  const go = useNavigate();
  useEffect(() => {
    navigate = go;
  });
  return null;
}

function Frame() {
  return (
    <div>
      <nav>
        <NavLink to="/">Shop</NavLink>
        <NavLink to="/faq">FAQ</NavLink>
        <NavLink to="/category" end>
          Categories
        </NavLink>
      </nav>
      <main>
        <Outlet />
      </main>
    </div>
  );
}

function Staff() {
  return (
    <Routes>
      <Route path="login" element={<Page title="Staff login" />} />
      <Route path="orders/:number" element={<Page title="Staff order" />} />
      <Route path="*" element={<Navigate to="/staff/login" replace state={{ from: 'elsewhere' }} />} />
    </Routes>
  );
}

function Table() {
  return (
    <Routes>
      <Route path="staff/*" element={<Staff />} />
      <Route element={<Frame />}>
        <Route index element={<Page title="Home" />} />
        <Route path="faq" element={<Page title="FAQ" />} />
        <Route path="category" element={<Page title="Categories" />} />
        <Route path="category/:id/:slug" element={<Page title="Category" />} />
        {/* Written before the static route on purpose: the static one must still win. */}
        <Route path="product/:id/:slug" element={<Page title="Product" />} />
        <Route path="product/:id/rebook" element={<Page title="Rebook" />} />
        <Route path="*" element={<Page title="Fallback" />} />
      </Route>
    </Routes>
  );
}

function renderAt(path: string, children: ReactNode = <Table />) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Navigator />
      {children}
      <Where />
    </MemoryRouter>,
  );
}

const text = (id: string) => screen.getByTestId(id).textContent;

describe('Routes', () => {
  it.each([
    ['/', 'Home', {}],
    ['/faq', 'FAQ', {}],
    ['/FAQ/', 'FAQ', {}],
    ['/category/7/days-out', 'Category', { id: '7', slug: 'days-out' }],
    ['/product/3/rebook', 'Rebook', { id: '3' }],
    ['/product/3/boat-trip', 'Product', { id: '3', slug: 'boat-trip' }],
    ['/product/3/caf%C3%A9%2Fbar', 'Product', { id: '3', slug: 'café/bar' }],
    ['/no/such/page', 'Fallback', { '*': 'no/such/page' }],
    ['/staff/orders/12', 'Staff order', { '*': 'orders/12', number: '12' }],
  ])('shows %s as the %s page with its parameters', (path, heading, params) => {
    renderAt(path);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
    expect(JSON.parse(text('params')!)).toEqual(params);
  });

  it('keeps the layout around its child routes and an unmatched nested splat redirects', async () => {
    renderAt('/staff/nothing');
    expect(await screen.findByRole('heading', { name: 'Staff login' })).toBeInTheDocument();
    expect(text('path')).toBe('/staff/login');
    expect(text('type')).toBe('REPLACE');
    expect(text('state')).toBe('{"from":"elsewhere"}');
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

describe('matchPath', () => {
  it('matches the whole path, case-insensitively, with or without a trailing slash', () => {
    expect(matchPath('/product/:id/:slug', '/Product/1/boat/')?.params).toEqual({ id: '1', slug: 'boat' });
    expect(matchPath('/product/:id/:slug', '/product/1')).toBeNull();
    expect(matchPath('/product/:id/:slug', '/product/1/boat/extra')).toBeNull();
    expect(matchPath('/', '/')).not.toBeNull();
    expect(matchPath('/', '/faq')).toBeNull();
    expect(matchPath('/not-found', '/not-found')).not.toBeNull();
  });
});

describe('links and navigation', () => {
  it('a link click pushes an entry, Back and Forward move between them', async () => {
    renderAt('/faq');
    await userEvent.click(screen.getByRole('link', { name: 'Shop' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Home');
    expect(text('type')).toBe('PUSH');
    act(() => navigate(-1));
    expect(text('path')).toBe('/faq');
    expect(text('type')).toBe('POP');
    act(() => navigate(1));
    expect(text('path')).toBe('/');
  });

  it('a click on the link to the page shown replaces its entry', async () => {
    renderAt('/faq');
    await userEvent.click(screen.getByRole('link', { name: 'FAQ' }));
    expect(text('type')).toBe('REPLACE');
  });

  it('leaves a modified or middle click, and a link to another site, to the browser', () => {
    render(
      <MemoryRouter initialEntries={['/faq']}>
        <Link to="/">Home</Link>
        <Link to="https://example.org/x">Elsewhere</Link>
        <Link to="/" reloadDocument>
          Reload
        </Link>
        <Where />
      </MemoryRouter>,
    );
    const home = screen.getByRole('link', { name: 'Home' });
    expect(fireEvent.click(home, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(home, { button: 1 })).toBe(true);
    expect(fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }))).toBe(true);
    expect(screen.getByRole('link', { name: 'Elsewhere' })).toHaveAttribute('href', 'https://example.org/x');
    expect(fireEvent.click(screen.getByRole('link', { name: 'Reload' }))).toBe(true);
    expect(text('path')).toBe('/faq');
    expect(fireEvent.click(home)).toBe(false);
    expect(text('path')).toBe('/');
  });

  it('carries state and replaces on request', () => {
    renderAt('/faq');
    act(() => navigate('/', { replace: true, state: { gone: 'product' } }));
    expect(text('path')).toBe('/');
    expect(text('state')).toBe('{"gone":"product"}');
    expect(text('type')).toBe('REPLACE');
    act(() => navigate(-1));
    expect(text('path')).toBe('/');
  });

  it('navigates to a path given in parts, and refuses another site', () => {
    renderAt('/product/1/boat');
    act(() => navigate({ pathname: '/product/1/boat', search: '?step=extras', hash: '#top' }));
    expect(text('path')).toBe('/product/1/boat?step=extras#top');
    expect(() => navigate('https://example.org/')).toThrow('External navigation is not allowed');
    expect(() => navigate('//example.org/')).toThrow('External navigation is not allowed');
  });

  it('ignores a navigate() while the component first renders', async () => {
    function Eager() {
      const go = useNavigate();
      // Once, while it first renders.
      useState(() => go('/faq'));
      return null;
    }
    function Later() {
      const [shown, show] = useState(false);
      return (
        <>
          <button type="button" onClick={() => show(true)}>
            Show
          </button>
          {shown && <Eager />}
        </>
      );
    }
    renderAt('/', <Later />);
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(text('path')).toBe('/');
  });

  it('marks the current NavLink: aria-current and class active, below it unless `end`', () => {
    renderAt('/category');
    expect(screen.getByRole('link', { name: 'Categories' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Categories' })).toHaveClass('active');
    expect(screen.getByRole('link', { name: 'Shop' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'FAQ' })).not.toHaveAttribute('class');
    act(() => navigate('/category/1/x'));
    expect(screen.getByRole('link', { name: 'Categories' })).not.toHaveAttribute('aria-current');
    act(() => navigate('/FAQ/more'));
    expect(screen.getByRole('link', { name: 'FAQ' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('useSearchParams', () => {
  let before: string | null = null;
  function Filter() {
    const [params, setParams] = useSearchParams();
    return (
      <>
        <p data-testid="page">{params.get('page')}</p>
        <button type="button" onClick={() => setParams({ page: '2' })}>
          Set
        </button>
        <button
          type="button"
          onClick={() =>
            setParams(
              (current) => {
                current.delete('waitlist');
                before = params.get('waitlist');
                return current;
              },
              { replace: true },
            )
          }
        >
          Drop
        </button>
      </>
    );
  }

  it('reads the query, sets a new one as an entry, or changes it in place', async () => {
    renderAt('/product/1/boat?waitlist=abc&plot=3#x', <Filter />);
    await userEvent.click(screen.getByRole('button', { name: 'Drop' }));
    // The function changed a copy; the parameters the page rendered with are left as they were.
    expect(before).toBe('abc');
    expect(text('path')).toBe('/product/1/boat?plot=3');
    expect(text('type')).toBe('REPLACE');
    await userEvent.click(screen.getByRole('button', { name: 'Set' }));
    expect(text('path')).toBe('/product/1/boat?page=2');
    expect(text('page')).toBe('2');
    expect(text('type')).toBe('PUSH');
  });
});

describe('BrowserRouter', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('writes entries as React Router did ({ usr, key, idx }) and follows Back', async () => {
    window.history.replaceState(null, '', '/faq');
    render(
      <BrowserRouter>
        <Navigator />
        <Table />
        <Where />
      </BrowserRouter>,
    );
    expect(window.history.state).toEqual({ idx: 0 });
    expect(text('type')).toBe('POP');
    act(() => navigate('/category/2/walks', { state: { from: 'faq' } }));
    expect(window.location.pathname).toBe('/category/2/walks');
    expect(window.history.state).toMatchObject({ usr: { from: 'faq' }, idx: 1 });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Category');
    expect(text('state')).toBe('{"from":"faq"}');
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(text('path')).toBe('/faq');
    expect(text('type')).toBe('POP');
  });

  it('reads an entry React Router wrote (state under usr) after a reload', () => {
    window.history.replaceState({ usr: { gone: 'category' }, key: 'abc', idx: 3 }, '', '/');
    render(
      <BrowserRouter>
        <Where />
      </BrowserRouter>,
    );
    expect(text('state')).toBe('{"gone":"category"}');
  });
});

describe('transitions', () => {
  it('keeps the page on screen while the next one loads its code', async () => {
    let load: (module: { default: () => ReactNode }) => void = () => {};
    const Later = lazy(() => new Promise<{ default: () => ReactNode }>((resolve) => (load = resolve)));
    renderAt(
      '/',
      <Suspense fallback={<p>Loading…</p>}>
        <Routes>
          <Route path="/" element={<Page title="Home" />} />
          <Route path="/later" element={<Later />} />
        </Routes>
      </Suspense>,
    );
    act(() => navigate('/later'));
    expect(screen.getByRole('heading')).toHaveTextContent('Home');
    expect(screen.queryByText('Loading…')).toBeNull();
    await act(async () => load({ default: () => <h1>Later</h1> }));
    expect(await screen.findByRole('heading', { name: 'Later' })).toBeInTheDocument();
  });
});

describe('StaticRouter', () => {
  it('renders one location on the server, with its state; effects (redirects) do not run there', () => {
    function Gone() {
      const { state } = useLocation();
      useEffect(() => {
        throw new Error('no effects on the server');
      });
      return <p>{JSON.stringify(state)}</p>;
    }
    const html = renderToString(
      <StaticRouter location={{ pathname: '/category/4/boats', state: { gone: 'product' } }}>
        <Routes>
          <Route element={<Frame />}>
            <Route path="category/:id/:slug" element={<Gone />} />
            <Route path="*" element={<Navigate to="/" />} />
          </Route>
        </Routes>
      </StaticRouter>,
    );
    expect(html).toContain('{&quot;gone&quot;:&quot;product&quot;}');
    expect(html).toContain('<a href="/faq">FAQ</a>');
    expect(html).toContain('<a href="/category">Categories</a>');
    expect(html).toMatch(/<a href="\/" ?>Shop<\/a>/);
  });

  it('marks the current page in the server markup', () => {
    const html = renderToString(
      <StaticRouter location="/faq?q=1">
        <NavLink to="/faq">FAQ</NavLink>
      </StaticRouter>,
    );
    expect(html).toBe('<a aria-current="page" class="active" href="/faq">FAQ</a>');
  });
});
