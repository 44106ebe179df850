import {
  CookiePreferencesButton,
  Link,
  selectMenuItems,
  useSiteSelector,
  VERSION_PAGE_PATH,
} from '@canopy/web';
import { CONTACT } from '../content/contact.js';
import { useText } from '../messages/words.js';

/** The footer of every page: contact details, the sections again, and the version page. */
export function Footer() {
  const text = useText();
  const items = useSiteSelector(selectMenuItems);
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{text('Contact us')}</h2>
          <address>
            {text('Aberwen University')}
            {CONTACT.address.map((line) => (
              <span key={line}>
                <br />
                {text(line)}
              </span>
            ))}
          </address>
          <p>
            {text('Telephone')} <a href={CONTACT.phone.href}>{CONTACT.phone.text}</a>
            <br />
            {text('Email')} <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
          </p>
        </section>
        {items.length ? (
          <nav aria-labelledby="footer-explore">
            <h2 id="footer-explore">{text('Explore')}</h2>
            <ul>
              {items.map((item) => (
                <li key={item.path}>
                  <Link to={item.path}>{item.title}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <section aria-labelledby="footer-site">
          <h2 id="footer-site">{text('About this website')}</h2>
          <p>{text('This is a fictional university, the demo content of Canopy.')}</p>
          <ul>
            <li>
              <Link to={VERSION_PAGE_PATH}>{text('Version information')}</Link>
            </li>
            <li>
              <CookiePreferencesButton className="footer-button" />
            </li>
          </ul>
        </section>
      </div>
    </footer>
  );
}
