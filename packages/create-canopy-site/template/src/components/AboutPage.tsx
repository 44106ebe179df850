import { Link } from '@canopy/web';

/** A static route: a page of the site's own, not from the content tree. */
export function AboutPage() {
  return (
    <article>
      <h1>About this site</h1>
      <p>
        This page is a static route of the site (src/routes.ts). The <Link to="/">home page</Link> comes from
        the platform&apos;s content tree and is rendered by the component its content type is mapped to
        (src/mappings.ts).
      </p>
    </article>
  );
}
