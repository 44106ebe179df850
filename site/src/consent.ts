import type { ConsentConfig } from '@canopy/web';

/** The analytics script the site loads once visitors allow analytics (a file of `public/`). */
export const ANALYTICS_SCRIPT = '/static/analytics.js';

/** The analytics script's global, once it runs. */
interface AberwenAnalytics {
  trackOutbound(href: string, done: () => void): void;
}

declare global {
  interface Window {
    aberwenAnalytics?: AberwenAnalytics;
  }
}

/**
 * Aberwen's cookie consent: what the popup says and the categories of the preferences panel,
 * with the cookies each one sets. The analytics script is gated by `analytics` (see `Layout`),
 * the YouTube film on the home page by `marketing`.
 */
export const consent: ConsentConfig = {
  cookieName: 'aberwen_consent',
  // Editors may reword the popup and the categories with a `cookieConsent` entry.
  contentTypeId: 'cookieConsent',
  message:
    '<p><strong>Cookies on this website.</strong> We use essential cookies to run the site and, if you agree, ' +
    'analytics cookies to learn how it is used and cookies from YouTube to show films. ' +
    'Choose which ones you allow.</p>',
  categories: [
    {
      id: 'necessary',
      name: 'Necessary',
      description:
        'These cookies keep the website working, remember your cookie choices and keep you signed in.',
      required: true,
      cookies: [
        {
          // The framework's session cookie (`sessionCookieName`, default canopy_session).
          name: 'canopy_session',
          provider: 'Aberwen University',
          purpose: 'Keeps you signed in and protects the forms you send',
          // Anonymous sessions last a day; a sign-in lasts as long as it is valid.
          expiration: '1 day, or until your sign-in ends',
        },
        {
          name: 'aberwen_consent',
          provider: 'Aberwen University',
          purpose: 'Remembers which cookies you allow',
          expiration: '90 days',
        },
      ],
    },
    {
      id: 'analytics',
      name: 'Analytical',
      description:
        'Analytics tell us which pages are visited and which links people follow, so we can improve the site. The figures are never linked to your name.',
      cookies: [
        {
          name: 'aw_visitor',
          provider: 'Aberwen University',
          purpose: 'Tells visits from the same browser apart in our statistics',
          expiration: '1 year',
        },
      ],
    },
    {
      id: 'functional',
      name: 'Functional',
      description:
        'Functional cookies remember choices such as your preferred campus. The site sets none at present.',
    },
    {
      id: 'advertising',
      name: 'Advertising',
      description:
        'Advertising cookies measure our campaigns on other websites. The site sets none at present.',
    },
    {
      id: 'marketing',
      name: 'Marketing',
      description:
        'Films on the site are played by YouTube, which sets cookies to count views and to show you related videos.',
      cookies: [
        {
          name: 'YSC',
          provider: 'YouTube (Google)',
          purpose: 'Counts views of embedded films',
          expiration: 'Session',
        },
        {
          name: 'VISITOR_INFO1_LIVE',
          provider: 'YouTube (Google)',
          purpose: 'Estimates your bandwidth and remembers player settings',
          expiration: '6 months',
        },
      ],
    },
  ],
  // The analytics script calls back once it has recorded the click; the framework waits at most 250 ms.
  trackOutboundLink: (href) =>
    new Promise<void>((resolve) => {
      const analytics = window.aberwenAnalytics;
      if (!analytics) return resolve();
      analytics.trackOutbound(href, resolve);
    }),
};
