/**
 * The inline module script that loads a server-rendered page's code once the page has painted:
 * it adds a `<link rel="modulepreload">` for each chunk the page needs, then imports the entry
 * modules (which hydrate). Until then the styles and the largest picture have the connection
 * to themselves; the page is complete and usable without its code, so nothing waits for it.
 * In a hidden tab (no frames to wait for) it loads at once.
 *
 * The text has no `<`, so it is safe inside a `<script>` element; the URLs are JSON strings.
 *
 * @example
 * moduleLoaderScript(['/static/assets/entry-client-4f2a.js'], ['/static/assets/CoursePage-9c1d.js']);
 * // 'const m=["/static/assets/CoursePage-9c1d.js"];const go=()=>{…;import("/static/assets/entry-client-4f2a.js")};…'
 */
export function moduleLoaderScript(entries: readonly string[], modules: readonly string[]): string {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  const imports = entries.map((entry) => `import(${json(entry)})`).join(';');
  return (
    `const m=${json(modules)};` +
    'const go=()=>{for(const h of m){const l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.append(l)}' +
    `${imports}};` +
    'document.visibilityState==="visible"?requestAnimationFrame(()=>setTimeout(go)):go()'
  );
}

/**
 * The modules a page's HTML loads: module scripts' `src`, `<link rel="modulepreload">` hrefs
 * and the URLs in a {@link moduleLoaderScript}, in document order, each once. For tools that
 * read a page (benchmarks, tests).
 *
 * @example
 * pageModules(html); // ['/static/assets/CoursePage-9c1d.js', '/static/assets/entry-client-4f2a.js']
 */
export function pageModules(html: string): string[] {
  const found = new Set<string>();
  const pattern =
    /<script type="module" src="([^"]+)"|<link rel="modulepreload" href="([^"]+)"|<script type="module"[^>]*>const m=(\[[^\]]*\]);[^<]*?((?:import\("[^"]+"\);?)+)\}/g;
  for (const match of html.matchAll(pattern)) {
    const [, src, href, list, imports] = match;
    if (src) found.add(src);
    if (href) found.add(href);
    if (list) for (const module of JSON.parse(list) as string[]) found.add(module);
    if (imports) for (const entry of imports.matchAll(/import\("([^"]+)"\)/g)) found.add(entry[1] ?? '');
  }
  found.delete('');
  return [...found];
}
