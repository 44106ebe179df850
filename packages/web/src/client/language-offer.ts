import { popupVisible } from '../consent/consent-transitions.js';
import { FRAMEWORK_CATALOGUES } from '../i18n/messages/catalogue.js';
import { languagesOfSite } from '../i18n/page-language.js';
import { NOTICE_SLOT_ID } from '../render/NoticeSlot.js';
import type { SiteStore } from '../state/store.js';
import { type LanguageOfferLink, OFFER_CHOICE_KEY, offerFor } from './language-offer-logic.js';

/** The class of the offer's element, for the site's style sheet. */
export const LANGUAGE_OFFER_CLASS = 'language-offer';

/**
 * Offers the visitor the page in the language their browser prefers, when it is another of
 * the site's languages and the page is translated into it (see `offerFor`): a bar at the
 * bottom of the window, in the offered language, with a link to the page in it and a "no
 * thanks" button. Either answer is remembered in the browser (`localStorage`), so the visitor
 * is asked once. Decided in the browser after the page has shown, from `navigator.languages`,
 * so the server's pages stay the same for everyone (no `Vary: Accept-Language`); without
 * JavaScript there is no offer. Loaded lazily, only on sites in several languages.
 *
 * One overlay at a time: while the cookie consent popup or panel is open, the bar waits, and
 * shows once the visitor has answered it. The bar is outside React's control, in the page's
 * notice slot (`NoticeSlot`: first in the page, before the skip link, right after the popup),
 * and fixed in place at the bottom, so the page under it does not move. It never takes focus:
 * a keyboard meets it first on the page, and, once the popup is answered, with the next Tab
 * (the browser goes on from where the popup stood). Screen readers meet it as a region named
 * by its words, when they reach it (it is no live region). It follows client navigation: its link goes to the page now shown, and it stands aside
 * on a page with no version in the offered language.
 */
export async function showLanguageOffer(store: SiteStore): Promise<void> {
  const site = store.services.site;
  const languages = languagesOfSite(site);
  if (!languages) return;
  const browserLanguages = navigator.languages ?? [navigator.language];
  // The page now shown (client navigation changes it), with no choice: that is read once.
  const shown = () => {
    const { routing } = store.getState();
    return {
      browserLanguages,
      pageLanguage: routing.language ?? site.language ?? 'en-GB',
      chosenLanguage: null,
      versions: routing.languageVersions,
    };
  };
  const offer = offerFor({ ...shown(), chosenLanguage: readChoice() }, languages);
  if (!offer) return;
  const load = FRAMEWORK_CATALOGUES[offer.language];
  if (!load) return;
  const { messages } = await load();
  const bar = offerBar(offer, {
    text: messages['offer.text'],
    accept: messages['offer.accept'],
    dismiss: messages['offer.dismiss'],
  });
  const link = bar.querySelector('a') as HTMLAnchorElement;
  const update = () => {
    const now = offerFor(shown(), languages);
    const consent = store.getState().consent;
    const waits = consent ? popupVisible(consent) || consent.panelOpen : false;
    if (now?.language === offer.language && !waits) {
      link.href = now.href;
      // A page without the slot (a renderer of its own) gets it first in the body.
      if (!bar.isConnected) (document.getElementById(NOTICE_SLOT_ID) ?? document.body).prepend(bar);
    } else {
      bar.remove();
    }
  };
  const stop = store.subscribe(update);
  const close = () => {
    stop();
    bar.remove();
  };
  link.addEventListener('click', () => remember(offer.language));
  bar.querySelector('button')?.addEventListener('click', () => {
    remember(shown().pageLanguage);
    close();
  });
  update();
}

/** The offer's bar: a labelled region in the offered language, its link and its button. */
function offerBar(
  offer: LanguageOfferLink,
  words: { text: string; accept: string; dismiss: string },
): HTMLElement {
  const bar = document.createElement('div');
  bar.className = LANGUAGE_OFFER_CLASS;
  bar.setAttribute('role', 'region');
  bar.setAttribute('aria-label', words.text);
  bar.lang = offer.language;
  const text = document.createElement('p');
  text.textContent = words.text;
  const link = document.createElement('a');
  link.href = offer.href;
  link.hreflang = offer.language;
  link.textContent = words.accept;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = words.dismiss;
  bar.append(text, link, button);
  return bar;
}

function readChoice(): string | null {
  try {
    return localStorage.getItem(OFFER_CHOICE_KEY);
  } catch {
    // Storage refused (privacy settings): every page may offer again, which is all it costs.
    return null;
  }
}

function remember(language: string): void {
  try {
    localStorage.setItem(OFFER_CHOICE_KEY, language);
  } catch {
    // As above: nothing is remembered.
  }
}
