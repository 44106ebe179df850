import { userStateFor } from '@canopy/web';
import { describe, expect, it } from 'vitest';
import { currentState, isCurrent } from '../content/menu.js';
import { marineBiology, node } from '../test/fixtures.js';
import { renderPage } from '../test/render-page.js';

describe('Layout', () => {
  const html = renderPage({
    url: '/courses/bsc-marine-biology',
    entry: marineBiology,
    ancestors: [node('/', 'Aberwen University'), node('/courses', 'Courses')],
  });

  it('starts with a skip link to main, and has the landmarks', () => {
    expect(html).toMatch(
      /<a class="skip-link" href="#content">Skip to content<\/a><header class="site-header">/,
    );
    expect(html).toContain('<main id="content" class="page" tabindex="-1">');
    expect(html).toContain('<footer class="site-footer">');
    expect(html).toContain('<title>BSc Marine Biology | Aberwen University</title>');
  });

  it('renders the menu from the node tree and marks the current section', () => {
    // The account links come after the site name (wide screens show them on its row).
    expect(html).toMatch(
      /<a class="site-name" href="\/">Aberwen University<\/a><div class="account-menu"><a href="\/account\/login[^"]*">Sign in<\/a><\/div><nav aria-label="Main">/,
    );
    expect(html).toContain('<li><a aria-current="true" href="/courses">Courses</a></li>');
    // The phone-sized menu button, closed in the server's HTML, controls the list.
    expect(html).toContain(
      '<button type="button" class="menu-button" aria-expanded="false" aria-controls="main-menu">',
    );
    expect(html).toContain('<div id="main-menu" class="main-menu-panel"><ul class="main-menu">');
    // Narrower screens find the account links in the menu, after the sections.
    expect(html).toMatch(
      /<\/ul><div class="menu-account"><a href="\/account\/login[^"]*">Sign in<\/a><\/div><\/div><\/nav>/,
    );
    expect(html).toContain('<li><a href="/news">News</a></li>');
    // Nodes hidden from menus stay out of it.
    expect(html).not.toContain('Staff intranet');
  });

  it('has a site-wide search box: a plain GET form to the Everything results, after the menu', () => {
    const header = html.slice(html.indexOf('<header class="site-header">'), html.indexOf('</header>'));
    expect(header).toMatch(
      /<\/nav><search class="header-search" aria-label="Site"><form class="search-form" action="\/search\/all" method="get">/,
    );
    expect(header).toMatch(/<label for="[^"]+">Search the site<\/label>/);
    expect(header).toMatch(/<input id="[^"]+" type="search" autoComplete="off" name="term" value=""\/>/);
    expect(header).toContain('<button type="submit">Search</button>');
    // The combobox comes with its code, after the box has had focus: none in the server's HTML.
    expect(header).not.toContain('combobox');
    expect(header).not.toContain('listbox');
  });

  it('gives a signed-in visitor their name and a sign-out form in the header and in the menu', () => {
    const signedIn = renderPage({
      url: '/courses/bsc-marine-biology',
      entry: marineBiology,
      ancestors: [node('/', 'Aberwen University'), node('/courses', 'Courses')],
      slices: {
        user: userStateFor({
          id: 'u1',
          username: 'member',
          firstName: 'Morgan',
          lastName: 'Evans',
          email: 'member@example.org',
          name: 'Morgan Evans',
          groups: [],
          isStaff: false,
          environments: null,
        }),
      },
    });
    const header = signedIn.slice(signedIn.indexOf('<header'), signedIn.indexOf('</header>'));
    const account =
      '<a href="/account">Morgan<span class="visually-hidden"> (your account)</span></a><form class="sign-out" action="/account/logout" method="post">';
    // Once beside the site name, once in the menu: the style sheet shows one of them.
    expect(header.split(account)).toHaveLength(3);
    expect(header).toMatch(
      /<div class="menu-account">.*<button type="submit">Sign out<\/button><\/form><\/div><\/div><\/nav>/,
    );
    expect(header).not.toContain('Sign in');
  });

  it('leaves the search box out of the header on the search pages, which have their own', () => {
    const search = renderPage({
      url: '/search/all?term=sea',
      staticRoute: { path: '/search/*', params: { '*': 'all' }, nodePath: null },
      node: null,
    });
    const header = search.slice(search.indexOf('<header'), search.indexOf('</header>'));
    expect(header).toContain('<nav aria-label="Main">');
    expect(header).not.toContain('<search');
  });

  it('renders the breadcrumbs from the ancestors, the page itself current', () => {
    expect(html).toContain(
      '<nav aria-label="Breadcrumb" class="breadcrumbs"><ol><li><a href="/">Home</a></li><li><a href="/courses">Courses</a></li><li aria-current="page">BSc Marine Biology</li></ol></nav>',
    );
  });

  it('has contact details and the version page in the footer', () => {
    expect(html).toContain('<a href="tel:+441632960000">01632 960 000</a>');
    expect(html).toContain('<a href="mailto:enquiries@aberwen.ac.example">enquiries@aberwen.ac.example</a>');
    expect(html).toContain('<a href="/version">Version information</a>');
    expect(html).toMatch(
      /<nav aria-labelledby="footer-explore"><h2 id="footer-explore">Explore<\/h2><ul><li><a href="\/about">/,
    );
  });

  it('tells the current page from the current section', () => {
    expect(currentState('/courses', '/courses')).toBe('page');
    expect(currentState('/courses', '/courses/law')).toBe('true');
    expect(currentState('/courses', '/coursesx')).toBeUndefined();
    expect(currentState('/', '/about')).toBeUndefined();
    expect(isCurrent('/', '/')).toBe(true);
    expect(isCurrent('/courses', '/courses/law')).toBe(true);
    expect(isCurrent('/news', '/courses/law')).toBe(false);
  });
});
