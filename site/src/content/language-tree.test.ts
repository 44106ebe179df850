import { describe, expect, it } from 'vitest';
import { inLanguageTree } from './language-tree.js';

describe('inLanguageTree', () => {
  it('takes the prefix off a path of the page’s language', () => {
    expect(inLanguageTree('/cy/account', '/cy')).toBe('/account');
    expect(inLanguageTree('/cy', '/cy')).toBe('/');
    expect(inLanguageTree('/cy/cyrsiau/llb-y-gyfraith', '/cy')).toBe('/cyrsiau/llb-y-gyfraith');
  });

  it('leaves other paths, and every path of a page in the default language, as they are', () => {
    expect(inLanguageTree('/cymraeg', '/cy')).toBe('/cymraeg');
    expect(inLanguageTree('/account', '/cy')).toBe('/account');
    expect(inLanguageTree('/cy/account', '')).toBe('/cy/account');
  });
});
