import { PassThrough, type Readable } from 'node:stream';
import { createElement } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { DeferredModulesContext } from '../routing/lazy-component.js';
import { describeError } from '../routing/route-data.js';
import type { SiteLogger } from '../state/services.js';
import { moduleLoaderScript } from './module-loader.js';

/** How long a render may take before it is cut off; loaders already finished, so this is generous. */
export const RENDER_TIMEOUT_MS = 10_000;

/**
 * Kinds of page (static route or content type) that suspended or failed when rendered in one
 * pass: they are streamed straight away from then on.
 */
const streamedKinds = new Set<string>();
const STREAMED_KINDS_LIMIT = 1000;

/**
 * The page's HTML. Everything a page shows is loaded before it renders, so its React tree
 * normally renders completely in one synchronous pass: then it is rendered to a string, which
 * costs about half of a streamed render (React encodes and measures every fragment of a
 * stream). A tree that suspends (a lazy component still loading, a `use` of a pending
 * promise) or fails on the way is streamed instead, exactly as before, and pages of its kind
 * are streamed from then on. The HTML is the same either way (React's own document with the
 * inline state after `#root`) but for how the page's code loads: a page rendered in one pass
 * loads it after its first paint (see {@link moduleLoaderScript}), a streamed one from
 * modulepreload links in the head and the entry module's script, as React writes them.
 */
export async function renderHtml(
  element: React.ReactElement,
  kind: string,
  options: StreamOptions,
): Promise<{ body: Readable | string } | { error: unknown }> {
  if (!streamedKinds.has(kind)) {
    const html = renderInOnePass(element, options);
    if (html !== null) return { body: html };
    if (streamedKinds.size >= STREAMED_KINDS_LIMIT) streamedKinds.clear();
    streamedKinds.add(kind);
  }
  return streamHtml(element, options);
}

/** Marks a Suspense boundary that the server could not render (left to the browser). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!';

/**
 * The document rendered in one pass, with what a stream adds around it (doctype, inline
 * state script, entry module script), or `null` when something suspended or failed.
 */
function renderInOnePass(element: React.ReactElement, options: StreamOptions): string | null {
  let html: string;
  // The chunks the page needs, collected by the lazy components and the document as they render.
  const modules = new Set<string>();
  try {
    html = renderToString(createElement(DeferredModulesContext.Provider, { value: modules }, element));
  } catch {
    return null;
  }
  const end = html.lastIndexOf('</body>');
  if (end === -1 || html.includes(CLIENT_RENDERED_BOUNDARY)) return null;
  const nonce = options.nonce ? ` nonce="${escapeAttribute(options.nonce)}"` : '';
  let scripts = '';
  if (options.bootstrapScriptContent) {
    scripts += `<script${nonce} id="_R_">${escapeScriptContent(options.bootstrapScriptContent)}</script>`;
  }
  if (options.bootstrapModules.length > 0) {
    const entries = new Set(options.bootstrapModules);
    const chunks = [...modules].filter((module) => !entries.has(module));
    scripts += `<script type="module"${nonce}>${moduleLoaderScript([...entries], chunks)}</script>`;
  }
  const doctype = html.startsWith('<html') ? '<!DOCTYPE html>' : '';
  return `${doctype}${html.slice(0, end)}${scripts}${html.slice(end)}`;
}

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  "'": '&#x27;',
  '<': '&lt;',
  '>': '&gt;',
};

function escapeAttribute(value: string): string {
  return value.replace(/[&"'<>]/g, (char) => ATTRIBUTE_ESCAPES[char] ?? char);
}

/** As React escapes an inline script: no `<script` or `</script` can appear in it. */
function escapeScriptContent(code: string): string {
  // The inline state has no `<` at all (serializeForScript escapes it).
  if (!code.includes('<')) return code;
  return code.replace(/(<\/|<)(s)(cript)/gi, (_match, prefix: string, s: string, rest: string) => {
    return `${prefix}${s === 's' ? '\\u0073' : '\\u0053'}${rest}`;
  });
}

/** What a page's render adds around its React tree. */
export interface StreamOptions {
  nonce: string;
  bootstrapScriptContent: string | undefined;
  bootstrapModules: string[];
  logger: SiteLogger;
  signal: AbortSignal | undefined;
}

/**
 * Starts the render and resolves once the shell is ready (the status can no longer change),
 * or with the error when even the shell failed. Errors inside Suspense boundaries after that
 * are logged; React then finishes those parts in the browser.
 */
export function streamHtml(
  element: React.ReactElement,
  options: StreamOptions,
): Promise<{ body: Readable } | { error: unknown }> {
  return new Promise((resolve) => {
    const body = new PassThrough();
    const stream = renderToPipeableStream(element, {
      nonce: options.nonce,
      ...(options.bootstrapScriptContent ? { bootstrapScriptContent: options.bootstrapScriptContent } : {}),
      bootstrapModules: options.bootstrapModules,
      onShellReady() {
        stream.pipe(body);
        resolve({ body });
      },
      onShellError(error) {
        resolve({ error });
      },
      onError(error) {
        options.logger.error('Rendering error', { error: describeError(error) });
      },
    });
    const timer = setTimeout(() => stream.abort(new Error('Render timed out')), RENDER_TIMEOUT_MS);
    timer.unref?.();
    body.on('close', () => clearTimeout(timer));
    options.signal?.addEventListener('abort', () => stream.abort(new Error('Client went away')), {
      once: true,
    });
  });
}
