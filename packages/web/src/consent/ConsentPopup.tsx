import type { KeyboardEvent, MouseEvent } from 'react';
import { useWords } from '../i18n/use-words.js';
import { CONSENT_PATH } from './consent-paths.js';
import { CUSTOMISE_CLASS } from './focus.js';
import { useConsentDispatch, usePanelHref, useReturnPath } from './use-consent.js';

/** Props of {@link ConsentPopup}. */
export interface ConsentPopupProps {
  /** The message, already sanitised on the server. */
  message: string;
}

/**
 * The first-visit popup (website spec §2): fixed at the bottom left, at most 20.5rem wide, a
 * rich-text message, a Customise link and the Accept all and Decline all buttons. A
 * non-modal dialog: it does not take focus or block the page. Without JavaScript the buttons
 * post to the consent endpoint and Customise opens the panel through the address.
 */
export function ConsentPopup({ message }: ConsentPopupProps) {
  const apply = useConsentDispatch();
  const returnPath = useReturnPath();
  const panelHref = usePanelHref();
  const text = useWords();
  const choose = (type: 'acceptAll' | 'declineAll') => (event: MouseEvent) => {
    event.preventDefault();
    apply({ type });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // Escape puts the popup aside for this page; it records no refusal.
    if (event.key !== 'Escape') return;
    event.preventDefault();
    apply({ type: 'dismissPopup' });
    document.querySelector<HTMLElement>('main[tabindex]')?.focus({ preventScroll: true });
  };
  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-label={text('Cookie consent')}
      className="consent-popup"
      style={{ position: 'fixed', left: '1rem', bottom: '1rem', maxWidth: '20.5rem', zIndex: 1000 }}
      onKeyDown={onKeyDown}
    >
      <div
        className="consent-message"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (sanitizeConsentMessage) before it reached the state
        dangerouslySetInnerHTML={{ __html: message }}
      />
      <form method="post" action={CONSENT_PATH} className="consent-actions">
        <input type="hidden" name="return" value={returnPath} />
        <a
          href={panelHref}
          className={CUSTOMISE_CLASS}
          onClick={(event) => {
            event.preventDefault();
            apply({ type: 'customise' });
          }}
        >
          {text('Customise')}
        </a>
        <button
          type="submit"
          name="choice"
          value="accept"
          className="consent-button"
          onClick={choose('acceptAll')}
        >
          {text('Accept all')}
        </button>
        <button
          type="submit"
          name="choice"
          value="decline"
          className="consent-button"
          onClick={choose('declineAll')}
        >
          {text('Decline all')}
        </button>
      </form>
    </section>
  );
}
