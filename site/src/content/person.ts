/** A `mailto:` link for an address that looks like one, else null. */
export function mailto(email: string | null): string | null {
  return email && /^[^@\s]+@[^@\s]+$/.test(email) ? `mailto:${email}` : null;
}
