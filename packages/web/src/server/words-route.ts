import type { FastifyInstance } from 'fastify';
import { WORDS_FILE_PREFIX } from '../i18n/words-file.js';
import type { PageHandlerContext } from './page-handler.js';

/** `cy.3f2a9c1b7d04.json`: a language code and the hash of its words. */
const FILE_NAME = /^([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\.([0-9a-f]{12})\.json$/;

/** A year: the address changes with the words, so the file never does. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the interface words of the site's languages other than the default
 * (`/_canopy/words/cy.{hash}.json`, see `wordsFileOf`), which their pages name in their inline
 * state instead of carrying them: cached by the browser (and any cache) for a year, since a
 * change of words changes the address. An address whose hash is not the current words' is
 * 404, as is a language the site does not have; not a page, so no page gate and no trailing
 * slash rule.
 */
export function registerWordsRoute(app: FastifyInstance, context: PageHandlerContext): void {
  app.get(`${WORDS_FILE_PREFIX}:file`, async (request, reply) => {
    const name = FILE_NAME.exec((request.params as { file: string }).file);
    const renderer = await context.source.renderer();
    const file = name?.[1] ? await renderer.renderWordsFile?.(name[1]) : null;
    if (!file || file.path !== request.url.split('?')[0]) return context.errorPage(request, reply, 404);
    return reply
      .code(200)
      .headers(context.security.plain)
      .header('cache-control', IMMUTABLE)
      .header('content-type', 'application/json; charset=utf-8')
      .send(file.json);
  });
}
