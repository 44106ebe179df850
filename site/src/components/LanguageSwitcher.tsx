import { selectLanguageSwitcher, useSiteSelector } from '@canopy/web';
import { useText } from '../messages/words.js';

/**
 * The bar at the top of every page, above the header, that offers it in the other language ("Cymraeg" on English
 * pages, "English" on Welsh ones): the same page there when it is translated, else that
 * language's home page, which then says the page is not translated. Each link is in the
 * language it names (`lang`, `hreflang`) and is a plain link, a whole page load (the next page
 * is in another language throughout), so it works without JavaScript too. It is a navigation
 * landmark of its own ("Language"), so a screen reader's list of landmarks holds it and no
 * content of the page lies outside a landmark (axe: region).
 */
export function LanguageSwitcher() {
  const links = useSiteSelector(selectLanguageSwitcher);
  const text = useText();
  return links.length ? (
    <nav className="language-bar" aria-label={text('Language')}>
      {links.map((link) => (
        <a key={link.language} href={link.href} lang={link.language} hrefLang={link.language}>
          {link.name}
        </a>
      ))}
    </nav>
  ) : null;
}
