import { useNavigate } from '@canopy/web';
import type { MouseEvent } from 'react';
import { internalPath } from '../content/internal-links.js';

/** Props of {@link Prose}. */
export interface ProseProps {
  /** Markup of an html-typed field: written in the platform by editors, rendered as it is. */
  html: string;
  className?: string;
}

/**
 * Rich text from an html field. Links in it to other pages of the site navigate in the
 * browser like the site's own links, instead of reloading the page; anything else (files,
 * other sites, new tabs) behaves as a plain link.
 */
export function Prose({ html, className }: ProseProps) {
  const navigate = useNavigate();
  const followInternalLink = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest('a');
    if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
    const path = internalPath(link.getAttribute('href') ?? '', window.location.origin);
    if (!path) return;
    event.preventDefault();
    navigate(path);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: delegates clicks of the links inside, which are focusable and keyboard-operable themselves
    // biome-ignore lint/a11y/useKeyWithClickEvents: pressing Enter on a link fires this click too
    <div
      className={className ? `prose ${className}` : 'prose'}
      onClick={followInternalLink}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: html fields hold markup the platform's editors wrote; the site shows it as written
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
