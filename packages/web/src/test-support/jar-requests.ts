import { type CookieJar, formBody } from './cookie-jar.js';
import { type HttpAnswer, httpGet } from './http.js';

/**
 * A GET as a browser without JavaScript sends it: with the jar's cookies, keeping the cookies
 * the answer sets.
 *
 * @example
 * const page = await getWithCookies(site.url, jar, '/account/register');
 */
export async function getWithCookies(baseUrl: string, jar: CookieJar, path: string): Promise<HttpAnswer> {
  const answer = await httpGet(baseUrl, path, { headers: jar.header() });
  jar.take(answer.headers);
  return answer;
}

/**
 * A form post as a browser without JavaScript sends it (`application/x-www-form-urlencoded`),
 * with the jar's cookies, keeping the cookies the answer sets.
 *
 * @example
 * await postFormWithCookies(site.url, jar, '/account/login', { _csrf: token, username, password });
 */
export async function postFormWithCookies(
  baseUrl: string,
  jar: CookieJar,
  path: string,
  fields: Record<string, string>,
): Promise<HttpAnswer> {
  const { body, headers } = formBody(fields);
  const answer = await httpGet(baseUrl, path, {
    method: 'POST',
    body,
    headers: { ...headers, ...jar.header() },
  });
  jar.take(answer.headers);
  return answer;
}
