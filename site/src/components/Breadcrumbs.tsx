import { Link, selectBreadcrumbs, useSiteSelector } from '@canopy/web';
import { useText } from '../messages/words.js';

/** Where the page sits in the site: its ancestors from the home page, then the page itself. */
export function Breadcrumbs() {
  const trail = useSiteSelector(selectBreadcrumbs);
  const text = useText();
  if (trail.length < 2) return null;
  return (
    <nav aria-label={text('Breadcrumb')} className="breadcrumbs">
      <ol>
        {trail.map((item, index) => {
          // The home page's node is named after the university; the trail calls it home.
          const title = item.path === '/' ? text('Home') : item.title;
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
