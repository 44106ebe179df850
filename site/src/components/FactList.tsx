import type { ReactNode } from 'react';
import { useText } from '../messages/words.js';

/** One fact: a term and what it is for this page. */
export interface Fact {
  /** In English: shown in the page's words. */
  term: string;
  /** Text is shown in the page's words when they have it (a study level, a course length). */
  value: ReactNode;
}

/** Key facts as a description list; facts without a value are left out. */
export function FactList({ facts }: { facts: readonly (Fact | null)[] }) {
  // One lookup here rather than at each page's every fact: the course page's first load is tight.
  const text = useText();
  const shown = facts.filter(
    (fact): fact is Fact => fact !== null && fact.value !== null && fact.value !== '',
  );
  if (!shown.length) return null;
  return (
    <dl className="facts">
      {shown.map((fact) => (
        <div key={fact.term}>
          <dt>{text(fact.term)}</dt>
          <dd>{typeof fact.value === 'string' ? text(fact.value) : fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
