import { type AccountForm as AccountFlow, CsrfField, useAccountForm, useHref } from '@canopy/web';
import { type MouseEvent, type ReactNode, useEffect, useRef } from 'react';
import type { SummaryItem } from '../../content/account-messages.js';
import { useText } from '../../messages/words.js';

/** Props of {@link Field}. */
export interface FieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete: string;
  /** The message of the last submission for this field, shown under it. */
  error?: string | undefined;
  /** A hint under the label (e.g. password rules). */
  hint?: string;
  defaultValue?: string | undefined;
  required?: boolean;
}

/**
 * A labelled input with its hint and inline error, both tied to it with
 * `aria-describedby`, and `aria-invalid` while it has an error.
 */
export function Field({
  name,
  label,
  type = 'text',
  autoComplete,
  error,
  hint,
  defaultValue,
  required = true,
}: FieldProps) {
  const text = useText();
  const id = `field-${name}`;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>
        {label}
        {required ? null : <span className="field-optional">{` (${text('optional')})`}</span>}
      </label>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          <span className="visually-hidden">{`${text('Error:')} `}</span>
          {error}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={type === 'password' ? undefined : defaultValue}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
    </div>
  );
}

/**
 * A form that posts to an account endpoint with the visitor's CSRF token (works without
 * JavaScript: the browser shows its own progress). It posts under the page's language prefix
 * (`/cy/account/login` on a Welsh page), so the pages after it, and the links of any mail it
 * sends, stay in that language. With JavaScript, sending it moves the flow's
 * state to loading / sending, and the submit button says so (`aria-busy`, disabled against a
 * second submit, its busy label) until the next page arrives.
 */
export function AccountForm({
  path,
  label,
  flow,
  submit,
  busyLabel,
  children,
}: {
  /** The endpoint's path (`ACCOUNT_PATHS.login`), without the language prefix. */
  path: string;
  label: string;
  /** The account flow the form sends (its state shows the busy button). */
  flow: AccountFlow;
  /** The submit button's label. */
  submit: string;
  /** The submit button's label while the form is being sent, e.g. "Signing in…". */
  busyLabel: string;
  children: ReactNode;
}) {
  const { busy, start, reset } = useAccountForm(flow);
  const action = useHref(path);
  useEffect(() => {
    // Back to a page kept in the browser's history while it was sending: it is not any more.
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, [reset]);
  return (
    <form
      className="account-form"
      method="post"
      action={action}
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        if (busy) event.preventDefault();
        else start();
      }}
    >
      <CsrfField />
      {children}
      <button type="submit" aria-busy={busy || undefined} disabled={busy}>
        {busy ? busyLabel : submit}
      </button>
    </form>
  );
}

/**
 * The error summary of a failed submission (as the GOV.UK design system's): "There is a
 * problem" and the messages, each linking to its field. It takes focus when the page shows it:
 * `autofocus` without JavaScript, and once hydrated unless the visitor has moved on.
 */
export function ErrorSummary({ items }: { items: readonly SummaryItem[] }) {
  const text = useText();
  const ref = useRef<HTMLDivElement>(null);
  const shown = items.length > 0;
  useEffect(() => {
    const active = document.activeElement;
    if (shown && (active === null || active === document.body)) ref.current?.focus();
  }, [shown]);
  if (!shown) return null;
  const toField = (event: MouseEvent<HTMLAnchorElement>, href: string) => {
    // Like the design system: the field gets focus with its label in view, and the address stays.
    const input = document.getElementById(href.slice(1));
    if (!input) return;
    event.preventDefault();
    const labelOf = document.querySelector(`label[for="${input.id}"]`);
    input.focus({ preventScroll: true });
    (labelOf ?? input).scrollIntoView({ block: 'start' });
  };
  return (
    <div
      className="error-summary"
      role="alert"
      aria-labelledby="error-summary-title"
      tabIndex={-1}
      ref={ref}
      // biome-ignore lint/a11y/noAutofocus: the GOV.UK pattern: focus goes to what went wrong, also without JavaScript
      autoFocus
    >
      <h2 id="error-summary-title">{text('There is a problem')}</h2>
      <ul>
        {items.map((item) => (
          <li key={`${item.href}:${item.text}`}>
            {item.href ? (
              <a href={item.href} onClick={(event) => toField(event, item.href ?? '')}>
                {item.text}
              </a>
            ) : (
              item.text
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A confirmation after a successful submission. */
export function FormSuccess({ children }: { children: ReactNode }) {
  return (
    <div className="form-success" role="status">
      {children}
    </div>
  );
}
