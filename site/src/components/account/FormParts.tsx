import { CsrfField } from '@canopy/web';
import type { ReactNode } from 'react';

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
  const id = `field-${name}`;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>
        {label}
        {required ? null : <span className="field-optional"> (optional)</span>}
      </label>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          <span className="visually-hidden">Error: </span>
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

/** A form that posts to an account endpoint with the visitor's CSRF token (works without JavaScript). */
export function AccountForm({
  action,
  label,
  children,
}: {
  action: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <form className="account-form" method="post" action={action} aria-label={label} noValidate>
      <CsrfField />
      {children}
    </form>
  );
}

/** The message of a failed submission, announced when the page shows it. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div className="form-error" role="alert">
      <p>{message}</p>
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
