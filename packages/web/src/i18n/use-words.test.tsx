import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { SiteContext } from '../site/site-context.js';
import type { SiteDefinition } from '../site/site-definition.js';
import type { SiteStore } from '../state/store.js';
import { pageWordsOf } from './page-words.js';
import { usePageLanguage, useWords } from './use-words.js';
import { useWordsMessage } from './use-words-message.js';

const RESULTS = '{count, plural, =0 {No results} one {# result} other {# results}}';

/** A store holding only the routing state the hooks read. */
function storeWith(routing: { language?: string; words?: Readonly<Record<string, string>> }): SiteStore {
  const state = { routing };
  // The hooks only read the state: a store that never changes is enough, and no more is built.
  return {
    getState: () => state,
    subscribe: () => () => {},
    dispatch: (action: unknown) => action,
  } as unknown as SiteStore;
}

function Words({ counts }: { counts: number[] }) {
  const text = useWords();
  const message = useWordsMessage();
  const language = usePageLanguage();
  return (
    <p lang={language}>
      {text('Next')}|{counts.map((count) => message(RESULTS, { count })).join(', ')}|
      {message('Page {page} of {pages}', { page: 2, pages: 1234 })}
    </p>
  );
}

function render(routing: Parameters<typeof storeWith>[0], site: Partial<SiteDefinition> | null = null) {
  return renderToStaticMarkup(
    <SiteContext.Provider value={site as SiteDefinition | null}>
      <Provider store={storeWith(routing)}>
        <Words counts={[0, 1, 2, 3, 6, 1234]} />
      </Provider>
    </SiteContext.Provider>,
  );
}

describe('useWords and useWordsMessage', () => {
  it('show the Welsh words and plurals the server put in a Welsh page', async () => {
    const words = await pageWordsOf({}, 'en-GB')('cy');
    expect(render({ language: 'cy', words })).toBe(
      '<p lang="cy">Nesaf|Dim canlyniadau, 1 canlyniad, 2 ganlyniad, 3 chanlyniad, 6 chanlyniad, 1,234 canlyniad|Tudalen 2 o 1,234</p>',
    );
  });

  it("show the components' own words on a page in the default language, in its language", () => {
    expect(render({})).toBe(
      '<p lang="en-GB">Next|No results, 1 result, 2 results, 3 results, 6 results, 1,234 results|Page 2 of 1,234</p>',
    );
    expect(render({}, { language: 'de-DE' })).toContain(
      '<p lang="de-DE">Next|No results, 1 result, 2 results, 3 results, 6 results, 1.234 results|Page 2 of 1.234</p>',
    );
  });
});
