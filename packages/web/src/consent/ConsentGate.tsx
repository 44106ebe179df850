import type { ReactNode } from 'react';
import { useWords } from '../i18n/use-words.js';
import { useSite } from '../site/site-context.js';
import { useSiteSelector } from '../state/hooks.js';
import { CONSENT_PATH } from './consent-paths.js';
import type { ConsentCategoryId } from './consent-record.js';
import { categoryOf, useConsentAllows, useConsentDispatch, useReturnPath } from './use-consent.js';

/** Props of {@link ConsentGate}. */
export interface ConsentGateProps {
  /** The category the content needs. */
  category: ConsentCategoryId;
  /** What needs it: a script, an embed. */
  children: ReactNode;
  /**
   * Shown instead while the category is not allowed. Default: a note with a button that
   * allows the category; `null` for nothing (scripts).
   */
  placeholder?: ReactNode;
  /** The default placeholder's text (default: "This content needs {category} cookies."). */
  description?: ReactNode;
}

/**
 * Renders its children only when the visitor allows `category`; until then they are not in
 * the server's HTML and the browser never loads them. Allowing the category (here, in the
 * popup or in the panel) renders them at once, without a reload.
 *
 * @example
 * <ConsentGate category="analytics" placeholder={null}>
 *   <script async src="/static/analytics.js" />
 * </ConsentGate>
 * <ConsentGate category="marketing" description="This video is hosted by YouTube.">
 *   <iframe title="Campus tour" src="https://www.youtube-nocookie.com/embed/…" />
 * </ConsentGate>
 */
export function ConsentGate({ category, children, placeholder, description }: ConsentGateProps) {
  const allowed = useConsentAllows(category);
  if (allowed) return <>{children}</>;
  if (placeholder !== undefined) return <>{placeholder}</>;
  return <ConsentPlaceholder category={category} description={description} />;
}

/** Props of {@link ConsentPlaceholder}. */
export interface ConsentPlaceholderProps {
  category: ConsentCategoryId;
  description?: ReactNode;
}

/**
 * The default stand-in of gated content: what it needs, and a button that allows that
 * category (a form posted to the consent endpoint without JavaScript).
 */
export function ConsentPlaceholder({ category, description }: ConsentPlaceholderProps) {
  const apply = useConsentDispatch();
  const returnPath = useReturnPath();
  const config = useSite().consent;
  const text = useWords();
  // The category's name in the page's wording (the state's, from content or another language), else the site's.
  const worded = useSiteSelector((state) => state.consent?.categories?.find((c) => c.id === category)?.name);
  const name = (worded ?? (config && categoryOf(config, category)?.name) ?? category).toLowerCase();
  // Plain values only: filled in here, so the first load carries no message formatter.
  const fill = (english: string) => text(english).replace('{category}', name);
  return (
    <div className="consent-placeholder">
      <p>{description ?? fill('This content needs {category} cookies.')}</p>
      <form method="post" action={CONSENT_PATH}>
        <input type="hidden" name="return" value={returnPath} />
        <input type="hidden" name="category" value={category} />
        <button
          type="submit"
          name="choice"
          value="allow"
          className="consent-button"
          onClick={(event) => {
            event.preventDefault();
            apply({ type: 'allow', category });
          }}
        >
          {fill('Allow {category} cookies')}
        </button>
      </form>
    </div>
  );
}
