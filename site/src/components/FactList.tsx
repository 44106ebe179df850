import type { ReactNode } from 'react';

/** One fact: a term and what it is for this page. */
export interface Fact {
  term: string;
  value: ReactNode;
}

/** Key facts as a description list; facts without a value are left out. */
export function FactList({ facts }: { facts: readonly (Fact | null)[] }) {
  const shown = facts.filter(
    (fact): fact is Fact => fact !== null && fact.value !== null && fact.value !== '',
  );
  if (!shown.length) return null;
  return (
    <dl className="facts">
      {shown.map((fact) => (
        <div key={fact.term}>
          <dt>{fact.term}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
