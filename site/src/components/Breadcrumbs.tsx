import { Link, selectBreadcrumbs, useSiteSelector } from '@canopy/web';

/** What the trail calls the home page (its node is named after the university). */
const HOME_CRUMB = 'Home';

/** Where the page sits in the site: its ancestors from the home page, then the page itself. */
export function Breadcrumbs() {
  const trail = useSiteSelector(selectBreadcrumbs);
  if (trail.length < 2) return null;
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {trail.map((item, index) => {
          const title = item.path === '/' ? HOME_CRUMB : item.title;
          return index === trail.length - 1 ? (
            <li key={item.path} aria-current="page">
              {title}
            </li>
          ) : (
            <li key={item.path}>
              <Link to={item.path}>{title}</Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
