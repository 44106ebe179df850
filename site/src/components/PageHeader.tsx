import type { ReactNode } from 'react';

/** Props of {@link PageHeader}. */
export interface PageHeaderProps {
  title: string;
  /** The page's summary, under the title. */
  lead?: string | null;
  /** A short line shown above the title (category, date, subject). */
  eyebrow?: ReactNode;
}

/**
 * The top of a page: its one `h1`, and the summary. The eyebrow comes after the heading in the
 * document (so moving by headings lands on the title first) and is shown above it by CSS.
 */
export function PageHeader({ title, lead, eyebrow }: PageHeaderProps) {
  return (
    <header className="page-header">
      <h1>{title}</h1>
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      {lead ? <p className="lead">{lead}</p> : null}
    </header>
  );
}
