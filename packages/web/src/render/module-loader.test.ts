import { describe, expect, it } from 'vitest';
import { moduleLoaderScript, pageModules } from './module-loader.js';

describe('moduleLoaderScript', () => {
  it('preloads the chunks, then imports the entries, after the first frame when the tab is visible', () => {
    const script = moduleLoaderScript(['/static/entry.js'], ['/static/a.js', '/static/b.js']);
    expect(script).toContain('const m=["/static/a.js","/static/b.js"];');
    expect(script).toContain('import("/static/entry.js")');
    expect(script).toContain('requestAnimationFrame(()=>setTimeout(go))');
    expect(script).not.toContain('<');
  });

  it('cannot be closed early by a URL', () => {
    const script = moduleLoaderScript(['/static/</script><script>alert(1)//.js'], []);
    expect(script).not.toContain('</script');
    expect(script).toContain('\\u003c/script>');
  });

  it('runs: adds a modulepreload per chunk and imports each entry', () => {
    const links: { rel: string; href: string }[] = [];
    const imported: string[] = [];
    const document = {
      visibilityState: 'hidden',
      createElement: () => ({ rel: '', href: '' }),
      head: { append: (link: { rel: string; href: string }) => links.push(link) },
    };
    const code = moduleLoaderScript(['/e.js'], ['/a.js']).replace(/import\(/g, 'load(');
    new Function('document', 'load', 'requestAnimationFrame', 'setTimeout', code)(
      document,
      (url: string) => imported.push(url),
      () => undefined,
      () => undefined,
    );
    expect(links).toEqual([{ rel: 'modulepreload', href: '/a.js' }]);
    expect(imported).toEqual(['/e.js']);
  });
});

describe('pageModules', () => {
  it('reads module scripts, modulepreload links and the loader, each once, in document order', () => {
    const html =
      '<head><link rel="modulepreload" href="/static/x.js"/></head><body>' +
      `<script type="module" nonce="n">${moduleLoaderScript(['/static/entry.js'], ['/static/a.js', '/static/x.js'])}</script>` +
      '<script type="module" src="/static/other.js" async=""></script></body>';
    expect(pageModules(html)).toEqual([
      '/static/x.js',
      '/static/a.js',
      '/static/entry.js',
      '/static/other.js',
    ]);
  });
});
