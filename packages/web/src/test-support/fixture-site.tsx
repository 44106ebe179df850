import type { Entry } from '@canopy/client';
import {
  defineSite,
  type LayoutProps,
  type RouteComponentProps,
  type SiteDefinition,
} from '../site/site-definition.js';
import { useSiteSelector } from '../state/hooks.js';
import { selectBreadcrumbs, selectMenuItems } from '../state/selectors.js';

/** Text no page may show: it is the message of an error thrown by a loader. */
export const SECRET_ERROR_TEXT = 'kaboom-secret-detail-7731';

function Layout({ children }: LayoutProps) {
  const items = useSiteSelector(selectMenuItems);
  const trail = useSiteSelector(selectBreadcrumbs);
  return (
    <>
      <nav aria-label="Main">
        {items.map((item) => (
          <a key={item.path} href={item.path}>
            {item.title}
          </a>
        ))}
      </nav>
      <ol aria-label="Breadcrumb">
        {trail.map((item) => (
          <li key={item.path}>{item.title}</li>
        ))}
      </ol>
      <main>{children}</main>
    </>
  );
}

function Page({ entry, mappedEntry }: RouteComponentProps) {
  const mapped = mappedEntry as { heading?: string } | null;
  return (
    <article data-content-type={entry?.sys.contentTypeId}>
      <h1>{mapped?.heading ?? entry?.entryTitle}</h1>
      {entry?.entryDescription ? <p className="description">{entry.entryDescription}</p> : null}
    </article>
  );
}

function ApplyPage({ entry, params }: RouteComponentProps) {
  return (
    <section>
      <h1>Apply for {entry?.entryTitle}</h1>
      <p>slug {params.slug}</p>
    </section>
  );
}

function requiredGroups(entry: Entry): string[] | undefined {
  const groups = entry.requiredGroups;
  return Array.isArray(groups) && groups.length > 0 ? (groups as string[]) : undefined;
}

/** A small site over the demo content, exercising every routing mode the framework offers. */
export const fixtureSite: SiteDefinition = defineSite({
  name: 'Fixture University',
  layout: Layout,
  routes: [
    {
      path: '/boom',
      component: Page,
      loader: () => {
        throw new Error(SECRET_ERROR_TEXT);
      },
    },
    { path: '/private-static', component: Page, requireLogin: ['Members'] },
    { path: '/courses/:slug/apply', component: ApplyPage, fetchNode: { level: 2 } },
  ],
  contentTypeMappings: [
    {
      contentTypeId: 'homePage',
      component: Page,
      entryMapper: (entry) => ({ heading: `Welcome to ${entry.entryTitle}` }),
    },
    {
      contentTypeId: 'contentPage',
      component: Page,
      requireLogin: requiredGroups,
      nodeOptions: { children: true },
    },
    {
      contentTypeId: 'course',
      component: Page,
      fields: ['title', 'summary'],
      linkDepth: 0,
      nodeOptions: { siblings: true },
    },
    { contentTypeId: 'newsArticle', component: Page },
    { contentTypeId: 'event', component: Page },
    { contentTypeId: 'person', component: Page },
    { contentTypeId: 'searchPage', component: Page },
  ],
});
