import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { tileProbeUrl, tileUsesSubdomains } from '@towing/contracts';

/** Stripe's card form: its script, its frames and its API. */
const STRIPE = { script: 'https://js.stripe.com', frames: ['https://js.stripe.com', 'https://hooks.stripe.com'], api: 'https://api.stripe.com' };
const ONE_YEAR_SECONDS = 365 * 24 * 3600;
/** The frontend build's hashed scripts and styles: no document, so no policy applies to them. */
const BUILT_ASSETS = '/assets/';
/**
 * Answers that are no page and run nothing: the API's JSON (its pages, Swagger UI under
 * /api/docs and the SOS form's answer at /api/sos/form, are documents) and the frontend's
 * images and web manifest.
 */
const NOT_PAGES = /^\/api\/(?!docs(\/|$)|sos\/form$)|\.(svg|png|ico|webmanifest)$/;

/**
 * The map's tile server (VITE_MAP_TILE_URL) as an image source, when `https:` does not cover it
 * already: one on the office network may speak plain http. `{s}` subdomains become a wildcard.
 */
function tileImageSources(mapTileUrl: string | undefined): string[] {
  if (!mapTileUrl?.startsWith('http:')) return [];
  const { protocol, host } = new URL(tileProbeUrl(mapTileUrl));
  return [`${protocol}//${tileUsesSubdomains(mapTileUrl) ? host.replace(/^a\./, '*.') : host}`];
}

/** The SOS page's reverse geocoder (VITE_REVERSE_GEOCODE_URL, the same value the frontend was built with): pages may call its origin. */
function geocoderSources(reverseGeocodeUrl: string | undefined): string[] {
  return reverseGeocodeUrl ? [new URL(reverseGeocodeUrl).origin] : [];
}

/**
 * The headers every answer carries. The CSP allows no inline script anywhere; styles may be
 * inline because antd writes its CSS at run time. Map tiles and photo previews are images
 * from any https origin, the map's own tile server or blob: URLs.
 */
export function securityHeaders(publicUrl: string, mapTileUrl?: string, reverseGeocodeUrl?: string): RequestHandler[] {
  const overHttps = publicUrl.startsWith('https:');
  const documentHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", STRIPE.script],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...tileImageSources(mapTileUrl)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...geocoderSources(reverseGeocodeUrl), STRIPE.api],
        // 'self': the admin's quote Preview frames the quote's PDF from our own origin.
        frameSrc: ["'self'", ...STRIPE.frames],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        ...(overHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Sent below only on requests that arrived over https (directly or through a trusted proxy).
    strictTransportSecurity: false,
    // Switches for browsers long gone (IE's download and XSS filters, Flash's cross-domain files) cost
    // every page's first answer bytes and do nothing; DNS prefetching off would only slow links down.
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  // What runs nothing and embeds nothing gets the strictest policy, which is also the shortest.
  // The headers that only mean something for a page (opener isolation, old IE and Flash switches) are left off.
  const noPageHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  return [
    (request: Request, response: Response, next: NextFunction) => {
      // The full document policy is a kilobyte: on each of the dozens of scripts and calls a phone
      // makes on one bar of signal it would cost more than most of them weigh.
      if (request.path.startsWith(BUILT_ASSETS)) {
        response.setHeader('X-Content-Type-Options', 'nosniff');
        return next();
      }
      return (NOT_PAGES.test(request.path) ? noPageHeaders : documentHeaders)(request, response, next);
    },
    (request: Request, response: Response, next: NextFunction) => {
      if (request.secure) response.setHeader('Strict-Transport-Security', `max-age=${ONE_YEAR_SECONDS}; includeSubDomains`);
      next();
    },
  ];
}
