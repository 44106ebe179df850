import { selectLanguageSwitcher, useSiteSelector } from '@canopy/web';

/**
 * The bar at the top of every page, above the header, that offers it in the other language ("Cymraeg" on English
 * pages, "English" on Welsh ones): the same page there when it is translated, else that
 * language's home page, which then says the page is not translated. Each link is in the
 * language it names (`lang`, `hreflang`) and is a plain link, a whole page load (the next page
 * is in another language throughout), so it works without JavaScript too.
 */
export function LanguageSwitcher() {
  const links = useSiteSelector(selectLanguageSwitcher);
  return links.length ? (
    <div className="language-bar">
      {links.map((link) => (
        <a key={link.language} href={link.href} lang={link.language} hrefLang={link.language}>
          {link.name}
        </a>
      ))}
    </div>
  ) : null;
}
