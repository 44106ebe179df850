import { type KeyboardEvent, type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { useWords } from '../i18n/use-words.js';
import { useWordsMessage } from '../i18n/use-words-message.js';
import { settingsOf } from './consent-actions.js';
import type { ConsentCategory, ConsentConfig } from './consent-config.js';
import { CONSENT_PATH } from './consent-paths.js';
import { type ConsentRecord, isConsentCategory } from './consent-record.js';
import { toggleCategory } from './consent-transitions.js';
import { returnFocus, trapTab } from './focus.js';
import { useConsentDispatch, useReturnPath } from './use-consent.js';

/** Props of {@link ConsentPanel}. */
export interface ConsentPanelProps {
  config: ConsentConfig;
  /** The choices shown when it opens (the saved ones, else only the required categories). */
  initial: ConsentRecord;
}

/**
 * The 'Customise Consent Preferences' panel (website spec §2): a modal dialog, at most 51.6rem
 * wide, listing each category with its description and cookies; required categories are
 * 'Always Active' with a locked switch, the others a switch. Save preferences saves the choices
 * shown, Accept all and Reject all save every category on or off; each closes it. Escape and a
 * click outside close it without recording anything (the popup is back if no choice was ever
 * saved). Focus moves in when it opens, stays inside while it is open, and goes back to what
 * opened it. Without JavaScript it is a form posted to the consent endpoint.
 */
export function ConsentPanel({ config, initial }: ConsentPanelProps) {
  const apply = useConsentDispatch();
  const returnPath = useReturnPath();
  const text = useWords();
  const [choices, setChoices] = useState(initial);
  const { required } = settingsOf(config);
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // The latest choices, read by Save preferences.
  const current = useRef(choices);
  current.current = choices;

  // Once per opening: `apply` only dispatches.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    const trigger = document.activeElement;
    dialog.current?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      // Closing is not saving: the visitor has not chosen yet.
      apply({ type: 'closePanel' });
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      returnFocus(trigger);
    };
  }, []);

  const save = () => apply({ type: 'save', choices: current.current });
  const choose = (type: 'acceptAll' | 'declineAll') => (event: MouseEvent) => {
    event.preventDefault();
    apply({ type });
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click outside is a pointer shortcut; keyboards have Escape
    <div
      className="consent-backdrop"
      style={{ position: 'fixed', inset: 0, zIndex: 1001 }}
      onMouseDown={(event) => {
        if (event.target !== event.currentTarget) return;
        // No focus change by the browser: focus goes back to the trigger when the panel closes.
        event.preventDefault();
        apply({ type: 'closePanel' });
      }}
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="consent-panel"
        style={{ maxWidth: '51.6rem' }}
        onKeyDown={(event: KeyboardEvent<HTMLDivElement>) => {
          if (dialog.current) trapTab(event, dialog.current);
        }}
      >
        <form
          method="post"
          action={CONSENT_PATH}
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <input type="hidden" name="return" value={returnPath} />
          <h2 id={titleId} className="consent-panel-title">
            {text('Customise Consent Preferences')}
          </h2>
          {config.categories.map((category) => (
            <CategorySection
              key={category.id}
              category={category}
              checked={category.required || (isConsentCategory(category.id) && choices[category.id])}
              onToggle={() => {
                if (isConsentCategory(category.id))
                  setChoices(toggleCategory(choices, category.id, required));
              }}
            />
          ))}
          <div className="consent-panel-actions">
            {/* First: the form's default button when it is submitted without a click. */}
            <button type="submit" name="choice" value="save" className="consent-button">
              {text('Save preferences')}
            </button>
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
              {text('Reject all')}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}

function CategorySection({
  category,
  checked,
  onToggle,
}: {
  category: ConsentCategory;
  checked: boolean;
  onToggle: () => void;
}) {
  const id = useId();
  const text = useWords();
  const message = useWordsMessage();
  const cookies = category.cookies ?? [];
  return (
    <section className="consent-category" aria-labelledby={`${id}-name`}>
      <div className="consent-category-head">
        <h3 id={`${id}-name`}>{category.name}</h3>
        {category.required ? (
          <span className="consent-switch-row">
            <span id={`${id}-always`} className="consent-always">
              {text('Always Active')}
            </span>
            <input
              type="checkbox"
              role="switch"
              className="consent-switch"
              checked
              aria-checked="true"
              readOnly
              disabled
              aria-labelledby={`${id}-name`}
              aria-describedby={`${id}-always`}
            />
          </span>
        ) : (
          <input
            type="checkbox"
            role="switch"
            className="consent-switch"
            name={category.id}
            checked={checked}
            aria-checked={checked}
            onChange={onToggle}
            aria-labelledby={`${id}-name`}
          />
        )}
      </div>
      <p className="consent-category-description">{category.description}</p>
      {cookies.length ? (
        <div className="consent-table-wrap">
          <table className="consent-cookies">
            <caption className="visually-hidden">
              {message('{category} cookies', { category: category.name })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{text('Name')}</th>
                <th scope="col">{text('Provider')}</th>
                <th scope="col">{text('Purpose')}</th>
                <th scope="col">{text('Expiration')}</th>
              </tr>
            </thead>
            <tbody>
              {cookies.map((cookie) => (
                <tr key={`${cookie.provider}:${cookie.name}`}>
                  <td data-label={text('Name')}>{cookie.name}</td>
                  <td data-label={text('Provider')}>{cookie.provider}</td>
                  <td data-label={text('Purpose')}>{cookie.purpose}</td>
                  <td data-label={text('Expiration')}>{cookie.expiration}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="consent-no-cookies">{text('No cookies to show.')}</p>
      )}
    </section>
  );
}
