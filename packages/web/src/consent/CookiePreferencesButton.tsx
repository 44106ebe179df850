import { useWords } from '../i18n/use-words.js';
import { CONSENT_QUERY, CONSENT_QUERY_PANEL } from './consent-paths.js';
import { useConsentDispatch } from './use-consent.js';

/** Props of {@link CookiePreferencesButton}. */
export interface CookiePreferencesButtonProps {
  className?: string;
}

/**
 * The 'Cookie preferences' button (for a site's footer): reopens the preferences panel, and
 * focus comes back here when it closes. Without JavaScript it asks for the page with the
 * panel open (`?consent=preferences`).
 */
export function CookiePreferencesButton({ className }: CookiePreferencesButtonProps) {
  const apply = useConsentDispatch();
  const text = useWords();
  // No action: the form asks for the address it is on (under any language prefix), with the panel.
  return (
    <form method="get" className="consent-preferences-form">
      <button
        type="submit"
        name={CONSENT_QUERY}
        value={CONSENT_QUERY_PANEL}
        className={className}
        onClick={(event) => {
          event.preventDefault();
          apply({ type: 'customise' });
        }}
      >
        {text('Cookie preferences')}
      </button>
    </form>
  );
}
