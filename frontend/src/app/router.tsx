import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { type RouteObject, useRoutes } from 'react-router-dom';
import { RootErrorPage } from './RootErrorPage';
import { RootLayout } from './RootLayout';
import { RouteLoading } from './RouteLoading';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';

type Load = () => Promise<{ default: ComponentType }>;

/** A screen loaded with its own chunk: the loading spinner until it arrives, the error page if it never does. */
function lazyScreen(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'element'> {
  const Screen = lazy(load);
  return {
    element: (
      <ScreenErrorBoundary fallback={<RootErrorPage />}>
        <Suspense fallback={<RouteLoading />}>
          <Screen />
        </Suspense>
      </ScreenErrorBoundary>
    ),
  };
}

/** Each screen is its own chunk, so a driver opening /sos on a weak signal downloads only that screen. */
function screen(load: Load): Pick<RouteObject, 'element'> {
  return lazyScreen(async () => {
    // Fetched alongside the screen, not before it, so the theme costs no extra round trip.
    const [{ default: Screen }, { AntdTheme }] = await Promise.all([load(), import('../shared/ui/AntdTheme')]);
    return {
      default: () => (
        <AntdTheme>
          <Screen />
        </AntdTheme>
      ),
    };
  });
}

/**
 * A screen of plain HTML, never wrapped in antd's theme: a page that uses no antd component (its
 * icons drawn by SvgIcon) does not load antd's theme and runtime, nor spend a phone's main thread on them.
 */
function plainScreen(load: Load): Pick<RouteObject, 'element'> {
  return lazyScreen(load);
}

/**
 * The SOS page is a page of its own, its prerendered HTML and its own script (sos-main.ts): the
 * app only renders it to HTML at build time. Reached inside the app anyway (history, a link that is
 * not a full page load) it is loaded as a page. A document the server opened here as the app (Vite's
 * dev server) keeps the HTML, which still posts itself natively.
 */
function PageOfItsOwn({ children }: { children: ReactNode }) {
  useEffect(() => {
    const [document] = performance.getEntriesByType('navigation');
    if (!document || new URL(document.name).pathname !== window.location.pathname) window.location.reload();
  }, []);
  return children;
}

const sos = { element: <PageOfItsOwn>{plainScreen(() => import('../features/sos/SosPage')).element}</PageOfItsOwn> };
const auth = screen(() => import('../features/auth/AuthPage'));

export const routes: RouteObject[] = [
  { path: '/driver', ...plainScreen(() => import('../features/driver/DriverPage')) },
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, ...plainScreen(() => import('../features/marketing/HomePage')) },
      { path: 'services', ...plainScreen(() => import('../features/marketing/ServicesPage')) },
      { path: 'gallery', ...screen(() => import('../features/marketing/GalleryPage')) },
      { path: 'about', ...plainScreen(() => import('../features/marketing/AboutPage')) },
      { path: 'contact', ...screen(() => import('../features/marketing/ContactPage')) },
      { path: 'admin', ...screen(() => import('../features/admin/AdminPage')) },
      { path: 'service-areas', ...plainScreen(() => import('../features/marketing/ServiceAreasPage')) },
      { path: 'pricing', ...plainScreen(() => import('../features/marketing/PricingPage')) },
      { path: 'customer-portal', ...screen(() => import('../features/customer/CustomerPortalPage')) },
      { path: 'booking', ...screen(() => import('../features/booking/BookingPage')) },
      { path: 'book-service', ...screen(() => import('../features/booking/BookServicePage')) },
      { path: 'service-history', ...screen(() => import('../features/customer/ServiceHistoryPage')) },
      { path: 'feedback', ...screen(() => import('../features/customer/FeedbackPage')) },
      { path: 'dashboard', ...screen(() => import('../features/customer/DashboardPage')) },
      { path: 'auth', ...auth },
      { path: 'login', ...auth },
      { path: 'register', ...auth },
      { path: 'checkout', ...screen(() => import('../features/quotes/CheckoutPage')) },
      { path: 'checkout/success', ...screen(() => import('../features/quotes/CheckoutSuccessPage')) },
      { path: 'sos', ...sos },
      { path: 'emergency', ...sos },
      { path: 'karratha', ...plainScreen(() => import('../features/marketing/KarrathaPage')) },
      { path: 'tom-price', ...plainScreen(() => import('../features/marketing/TomPricePage')) },
      { path: 'dampier', ...plainScreen(() => import('../features/marketing/DampierPage')) },
      { path: 'testimonials', ...screen(() => import('../features/marketing/TestimonialsPage')) },
      { path: 'quote/:id', ...screen(() => import('../features/quotes/QuotePage')) },
      { path: 'fleet-contracts', ...screen(() => import('../features/marketing/FleetContractsPage')) },
      { path: '*', ...plainScreen(() => import('../features/marketing/NotFoundPage')) },
    ],
  },
];

/**
 * The route table, in React Router's declarative mode: the app loads no data through the router,
 * and the data router's code would add a sixth to what /sos downloads.
 */
export function AppRoutes(): ReactNode {
  return useRoutes(routes);
}
