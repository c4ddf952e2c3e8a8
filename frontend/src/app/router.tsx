import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RootErrorPage } from './RootErrorPage';
import { RootLayout } from './RootLayout';
import { RouteLoading } from './RouteLoading';

type Load = () => Promise<{ default: ComponentType }>;

/** Each screen is its own chunk, so a driver opening /sos on a weak signal downloads only that screen. */
function screen(load: Load): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      // Fetched alongside the screen, not before it, so the theme costs no extra round trip.
      const [{ default: Screen }, { AntdTheme }] = await Promise.all([load(), import('../ui/AntdTheme')]);
      return {
        Component: () => (
          <AntdTheme>
            <Screen />
          </AntdTheme>
        ),
      };
    },
  };
}

/** A screen of plain HTML, never wrapped in antd's theme: /sos could not stay within its 150 kB budget with antd. */
function plainScreen(load: Load): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

const sos = plainScreen(() => import('../features/sos/SosPage'));
const auth = screen(() => import('../pages/AuthPage'));

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RootErrorPage,
    HydrateFallback: RouteLoading,
    children: [
      { index: true, ...screen(() => import('../pages/HomePage')) },
      { path: 'services', ...screen(() => import('../pages/ServicesPage')) },
      { path: 'gallery', ...screen(() => import('../pages/GalleryPage')) },
      { path: 'about', ...screen(() => import('../pages/AboutPage')) },
      { path: 'contact', ...screen(() => import('../pages/ContactPage')) },
      { path: 'admin', ...screen(() => import('../pages/AdminPage')) },
      { path: 'service-areas', ...screen(() => import('../pages/ServiceAreasPage')) },
      { path: 'pricing', ...screen(() => import('../pages/PricingPage')) },
      { path: 'customer-portal', ...screen(() => import('../pages/CustomerPortalPage')) },
      { path: 'booking', ...screen(() => import('../pages/BookingPage')) },
      { path: 'book-service', ...screen(() => import('../pages/BookServicePage')) },
      { path: 'service-history', ...screen(() => import('../pages/ServiceHistoryPage')) },
      { path: 'feedback', ...screen(() => import('../pages/FeedbackPage')) },
      { path: 'dashboard', ...screen(() => import('../pages/DashboardPage')) },
      { path: 'auth', ...auth },
      { path: 'login', ...auth },
      { path: 'register', ...auth },
      { path: 'checkout', ...screen(() => import('../pages/CheckoutPage')) },
      { path: 'checkout/success', ...screen(() => import('../pages/CheckoutSuccessPage')) },
      { path: 'sos', ...sos },
      { path: 'emergency', ...sos },
      { path: 'karratha', ...screen(() => import('../pages/KarrathaPage')) },
      { path: 'tom-price', ...screen(() => import('../pages/TomPricePage')) },
      { path: 'dampier', ...screen(() => import('../pages/DampierPage')) },
      { path: 'testimonials', ...screen(() => import('../pages/TestimonialsPage')) },
      { path: 'quote/:id', ...screen(() => import('../pages/QuotePage')) },
      { path: 'fleet-contracts', ...screen(() => import('../pages/FleetContractsPage')) },
      { path: '*', ...screen(() => import('../pages/NotFoundPage')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
