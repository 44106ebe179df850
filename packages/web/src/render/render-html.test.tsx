import type { Readable } from 'node:stream';
import { lazy, Suspense, use } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyComponent } from '../routing/lazy-component.js';
import { Document } from './Document.js';
import { pageModules } from './module-loader.js';
import { renderHtml, type StreamOptions, streamHtml } from './render-html.js';
import { NO_ASSETS } from './render-types.js';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const assets = { ...NO_ASSETS, entryModule: '/static/assets/entry.js', stylesheets: ['/static/site.css'] };
const options: StreamOptions = {
  nonce: 'N0nce+/=',
  bootstrapScriptContent: 'window.__CANOPY_STATE__={"a":"\\u003c/script>"};',
  bootstrapModules: [assets.entryModule],
  logger: silent,
  signal: undefined,
};

function page(children: React.ReactNode) {
  return (
    <Document lang="en-GB" assets={assets} nonce={options.nonce} preloadEntry>
      <main>
        <title>Title</title>
        <h1>Heading &amp; text</h1>
        <img src="/image.svg" alt="" fetchPriority="high" />
        {children}
      </main>
    </Document>
  );
}

async function text(body: Readable | string): Promise<string> {
  if (typeof body === 'string') return body;
  let out = '';
  for await (const chunk of body) out += chunk.toString();
  return out;
}

async function html(result: { body: Readable | string } | { error: unknown }): Promise<string> {
  if ('error' in result) throw result.error;
  return text(result.body);
}

/** The HTML without the tags that load the page's code (the one-pass render loads it otherwise). */
const withoutCode = (value: string) =>
  value.replace(/<link rel="modulepreload"[^>]*\/>|<script type="module"[^>]*>.*?<\/script>/g, '');

describe('renderHtml', () => {
  it('renders a tree that does not suspend in one pass, as the stream would write it', async () => {
    const oneShot = await renderHtml(page(<p>plain</p>), 'test plain', options);
    expect('body' in oneShot && typeof oneShot.body).toBe('string');
    const streamed = await html(await streamHtml(page(<p>plain</p>), options));
    const rendered = await html(oneShot);
    expect(rendered.startsWith('<!DOCTYPE html><html lang="en-GB">')).toBe(true);
    expect(rendered).toContain(
      '</div><script nonce="N0nce+/=" id="_R_">window.__CANOPY_STATE__={"a":"\\u003c/script>"};</script>' +
        '<script type="module" nonce="N0nce+/=">const m=[];',
    );
    expect(rendered).toContain('import("/static/assets/entry.js")}');
    expect(rendered.endsWith('</script></body></html>')).toBe(true);
    // Nothing of the page's code is fetched from the head: it loads once the page has painted.
    expect(rendered).not.toContain('<link rel="modulepreload"');
    expect(pageModules(rendered)).toEqual(['/static/assets/entry.js']);
    // The stream preloads the entry from the head, as React writes it; everything else is the same.
    expect(pageModules(streamed)).toEqual(['/static/assets/entry.js']);
    expect(withoutCode(rendered)).toBe(withoutCode(streamed));
  });

  it("lists a lazy route component's chunks in the loader instead of preloading them from the head", async () => {
    const Route = lazyComponent(async () => () => <p>course page</p>, 'src/CoursePage.tsx');
    await Route.preload();
    const lazyModules = { 'src/CoursePage.tsx': ['/static/assets/CoursePage.js', '/static/assets/Card.js'] };
    const tree = (
      <Document lang="en-GB" assets={{ ...assets, lazyModules }} nonce={options.nonce} preloadEntry>
        <Route />
      </Document>
    );
    const rendered = await html(await renderHtml(tree, 'test lazy chunks', options));
    expect(rendered).toContain('<p>course page</p>');
    expect(rendered).not.toContain('<link rel="modulepreload"');
    expect(rendered).toContain('const m=["/static/assets/CoursePage.js","/static/assets/Card.js"];');
    expect(pageModules(rendered)).toEqual([
      '/static/assets/CoursePage.js',
      '/static/assets/Card.js',
      '/static/assets/entry.js',
    ]);
    // Streamed, React preloads them from the head.
    const streamed = await html(await streamHtml(tree, options));
    expect(streamed).toMatch(/<head>.*<link rel="modulepreload" href="\/static\/assets\/CoursePage\.js"/s);
  });

  it('escapes script openings in the inline script as React does', async () => {
    const hostile = { ...options, bootstrapScriptContent: 'x="</script><SCRIPT>";' };
    const rendered = await html(await renderHtml(page(null), 'test hostile', hostile));
    const streamed = await html(await streamHtml(page(null), hostile));
    expect(rendered).toContain('x="</\\u0073cript><\\u0053CRIPT>";');
    expect(withoutCode(rendered)).toBe(withoutCode(streamed));
  });

  it('streams a tree that suspends, and pages of its kind from then on', async () => {
    let resolve: (value: { default: () => React.ReactNode }) => void = () => undefined;
    const Later = lazy(() => new Promise<{ default: () => React.ReactNode }>((done) => (resolve = done)));
    const tree = page(
      <Suspense fallback={<p>loading</p>}>
        <Later />
      </Suspense>,
    );
    const first = await renderHtml(tree, 'test lazy', options);
    expect('body' in first && typeof first.body).not.toBe('string');
    resolve({ default: () => <p>loaded later</p> });
    expect(await html(first)).toContain('loaded later');
    // Loaded now, but pages of this kind are streamed without trying a one-pass render first.
    const second = await renderHtml(tree, 'test lazy', options);
    expect('body' in second && typeof second.body).not.toBe('string');
    expect(await html(second)).toContain('<p>loaded later</p>');
    const other = await renderHtml(tree, 'test lazy elsewhere', options);
    expect('body' in other && typeof other.body).toBe('string');
  });

  it('streams a shell that suspends, and reports a shell that fails', async () => {
    const pending = new Promise<string>(() => undefined);
    const Waits = () => <p>{use(pending)}</p>;
    const waiting = await Promise.race([
      renderHtml(page(<Waits />), 'test shell', options).then(() => 'settled'),
      new Promise((done) => setTimeout(() => done('still streaming'), 50)),
    ]);
    expect(waiting).toBe('still streaming');
    const Fails = () => {
      throw new Error('render failed');
    };
    const failed = await renderHtml(page(<Fails />), 'test failing', options);
    expect('error' in failed && (failed.error as Error).message).toBe('render failed');
  });
});
