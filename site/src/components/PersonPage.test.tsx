import { describe, expect, it } from 'vitest';
import { mailto } from '../content/person.js';
import { tomosGriffiths } from '../test/fixtures.js';
import { expectHeadingOutline, expectStableImages, images } from '../test/html.js';
import { mainOf, renderPage } from '../test/render-page.js';
import { IN_WELSH } from '../test/welsh.js';

describe('PersonPage', () => {
  const html = renderPage({ url: '/people/tomos-griffiths', entry: tomosGriffiths });
  const main = mainOf(html);

  it('shows the name, job title, department and email', () => {
    expect(main).toContain('<h1>Tomos Griffiths</h1><p class="lead">Press Officer</p>');
    expect(main).toContain('<p class="person-department">Communications and Marketing</p>');
    expect(main).toContain(
      '<a href="mailto:tomos.griffiths@aberwen.ac.example">tomos.griffiths@aberwen.ac.example</a>',
    );
  });

  it('shows the photo with its alt text, the biography and the expertise', () => {
    expect(images(main)[0]).toMatchObject({
      src: '/image-library/people/portrait-04.svg',
      alt: 'Profile placeholder for Tomos Griffiths',
      width: '600',
      height: '600',
    });
    expect(main).toContain(
      '<h2 id="person-biography">Biography</h2><div class="prose"><p>Tomos Griffiths writes',
    );
    expect(main).toContain(
      '<ul class="tag-list" aria-label="Areas of expertise"><li>News writing</li><li>Social media</li></ul>',
    );
    expectHeadingOutline(html);
    expectStableImages(main, { hero: true });
  });

  it('links only email addresses that look like one', () => {
    expect(mailto('a@b.example')).toBe('mailto:a@b.example');
    expect(mailto('not an address')).toBeNull();
    expect(mailto(null)).toBeNull();
  });

  it('is in Welsh on a Welsh page: the email label and the headings', () => {
    const welsh = mainOf(
      renderPage({ url: '/pobl/tomos-griffiths', entry: tomosGriffiths, inLanguage: IN_WELSH }),
    );
    expect(welsh).toMatch(/<p class="person-contact">E-bost(<!-- -->)? <a href="mailto:/);
    expect(welsh).toContain('<h2 id="person-biography">Bywgraffiad</h2>');
    expect(welsh).toContain('<h2 id="person-expertise">Arbenigedd</h2>');
    expect(welsh).toContain('<ul class="tag-list" aria-label="Meysydd arbenigedd">');
  });
});
