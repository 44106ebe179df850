import { useId } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Document } from './Document.js';
import { DocumentPosition } from './document-position.js';
import { NO_ASSETS } from './render-types.js';

function Labelled() {
  const id = useId();
  return (
    <p>
      <label htmlFor={id}>Name</label>
      <input id={id} />
    </p>
  );
}

function App() {
  return (
    <main>
      <h1>Title</h1>
      <Labelled />
      <Labelled />
    </main>
  );
}

const ids = (html: string) => [...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]);

describe('DocumentPosition', () => {
  it('gives the app the ids it has inside Document, which a bare root does not', () => {
    const inDocument = ids(
      renderToString(
        <Document lang="en-GB" assets={NO_ASSETS} nonce="n" csrfToken="t" preloadEntry>
          <App />
        </Document>,
      ),
    ).filter((id) => id !== 'root');
    const positioned = ids(
      renderToString(
        <DocumentPosition>
          <App />
        </DocumentPosition>,
      ),
    );
    const bare = ids(renderToString(<App />));
    expect(inDocument).toHaveLength(2);
    expect(positioned).toEqual(inDocument);
    // The fault it fixes: the bare root, as the browser hydrated before, numbers differently.
    expect(bare).not.toEqual(inDocument);
  });
});
