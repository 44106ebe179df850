import { describe, expect, it } from 'vitest';
import { hostEnvironment } from '../routing/host-environment.js';
import { DISALLOW_ALL, robotsTxt } from './robots.js';

const origin = 'https://www.aberwen.example';
const input = (hostname: string) => ({
  environment: hostEnvironment(hostname),
  origin,
  sitemapPath: '/sitemap.xml',
  previewPath: '/preview',
});

describe('robotsTxt', () => {
  it('disallows everything on hosts that are not the live site, whatever the site configures', () => {
    for (const host of [
      'preview-aberwen.example.com',
      'preview.example.com',
      'api-aberwen.example.com',
      'cms-aberwen.example.com',
      'localhost',
      '127.0.0.1',
    ]) {
      expect(robotsTxt(input(host)), host).toBe('User-agent: *\nDisallow: /\n');
      expect(robotsTxt({ ...input(host), config: () => 'User-agent: *\nAllow: /' }), host).toBe(DISALLOW_ALL);
      expect(robotsTxt({ ...input(host), config: { rules: [{ userAgent: '*', allow: ['/'] }] } }), host).toBe(
        DISALLOW_ALL,
      );
    }
  });

  it('keeps crawlers out of the account area, the delivery proxy and previews on live hosts, and links the sitemap', () => {
    const expected = [
      'User-agent: *',
      'Disallow: /account/',
      'Disallow: /api/',
      'Disallow: /preview/',
      '',
      'Sitemap: https://www.aberwen.example/sitemap.xml',
      '',
    ].join('\n');
    expect(robotsTxt(input('www.aberwen.example'))).toBe(expected);
    expect(robotsTxt(input('live-aberwen.example.com'))).toBe(expected);
    expect(robotsTxt({ ...input('www.aberwen.example'), previewPath: '/drafts/', sitemapPath: null })).toBe(
      'User-agent: *\nDisallow: /account/\nDisallow: /api/\nDisallow: /drafts/\n',
    );
  });

  it("writes the site's own groups, one directive per line", () => {
    const text = robotsTxt({
      ...input('www.aberwen.example'),
      config: {
        rules: [
          { userAgent: ['Googlebot', 'Bingbot'], allow: ['/search$'], disallow: ['/search?'] },
          { userAgent: 'GPTBot', disallow: ['/'] },
          { userAgent: 'Friendly\nDisallow: /' },
        ],
      },
    });
    expect(text).toBe(
      [
        'User-agent: Googlebot',
        'User-agent: Bingbot',
        'Allow: /search$',
        'Disallow: /search?',
        '',
        'User-agent: GPTBot',
        'Disallow: /',
        '',
        'User-agent: Friendly Disallow: /',
        'Disallow:',
        '',
        'Sitemap: https://www.aberwen.example/sitemap.xml',
        '',
      ].join('\n'),
    );
  });

  it('lets a function write the file of a live host, given the defaults', () => {
    const text = robotsTxt({
      ...input('www.aberwen.example'),
      config: ({ defaults, sitemapUrl }) => `${defaults}# sitemap at ${sitemapUrl}`,
    });
    expect(text).toContain('Disallow: /account/');
    expect(text.endsWith('# sitemap at https://www.aberwen.example/sitemap.xml\n')).toBe(true);
  });
});
