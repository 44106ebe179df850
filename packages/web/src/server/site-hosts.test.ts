import { describe, expect, it } from 'vitest';
import { DEMO_HOSTS, HOSTS_REQUIRED_MESSAGE, normaliseHostName, siteHosts } from './site-hosts.js';

describe('siteHosts', () => {
  it('answers the configured names only, in any case, with or without a trailing dot', () => {
    const hosts = siteHosts(['https://www.aberwen.ac.uk', 'localhost'], { production: true });
    expect(hosts.find('WWW.Aberwen.ac.uk.')?.name).toBe('www.aberwen.ac.uk');
    expect(hosts.find('localhost')?.local).toBe(true);
    for (const name of ['evil.example', 'aberwen.ac.uk', 'www.aberwen.ac.uk.evil.example', '', '127.0.0.1']) {
      expect(hosts.find(name), name).toBeNull();
    }
  });

  it('builds origins from the configuration: the address given, https, or the listening port', () => {
    const hosts = siteHosts(['http://intranet.example:8080/', 'www.example.com', '127.0.0.1', '::1'], {
      production: false,
    });
    const origin = (name: string, port: number | null = 3000) => hosts.originOf(hosts.find(name)!, port);
    expect(origin('intranet.example')).toBe('http://intranet.example:8080');
    expect(origin('www.example.com')).toBe('https://www.example.com');
    expect(origin('127.0.0.1')).toBe('http://127.0.0.1:3000');
    expect(origin('[::1]')).toBe('http://[::1]:3000');
    expect(origin('127.0.0.1', null)).toBe('http://127.0.0.1');
  });

  it('treats preview-named hosts as preview hosts, and local names outside production only', () => {
    const development = siteHosts(DEMO_HOSTS, { production: false });
    const production = siteHosts(DEMO_HOSTS, { production: true });
    expect(development.find('preview-aberwen.example')?.preview).toBe(true);
    expect(production.find('preview-aberwen.example')?.preview).toBe(true);
    expect(development.find('localhost')?.preview).toBe(true);
    expect(production.find('localhost')?.preview).toBe(false);
    expect(production.find('www.aberwen.example')?.preview).toBe(false);
    const explicit = siteHosts(
      [
        { name: 'drafts.example.com', preview: true },
        { name: 'localhost', preview: false },
      ],
      {
        production: false,
      },
    );
    expect(explicit.find('drafts.example.com')?.preview).toBe(true);
    expect(explicit.find('localhost')?.preview).toBe(false);
  });

  it('offers federated sign-in on local names by default, elsewhere only where configured', () => {
    const hosts = siteHosts(
      [
        ...DEMO_HOSTS,
        { name: 'staff.aberwen.example', federatedSignIn: true },
        { name: '127.0.0.2', federatedSignIn: false },
      ],
      { production: true },
    );
    expect(hosts.find('localhost')?.federatedSignIn).toBe(true);
    expect(hosts.find('::1')?.federatedSignIn).toBe(true);
    expect(hosts.find('www.aberwen.example')?.federatedSignIn).toBe(false);
    expect(hosts.find('preview-aberwen.example')?.federatedSignIn).toBe(false);
    expect(hosts.find('staff.aberwen.example')?.federatedSignIn).toBe(true);
    expect(hosts.find('127.0.0.2')?.federatedSignIn).toBe(false);
  });

  it('requires hosts in production and uses the demo hosts elsewhere', () => {
    expect(() => siteHosts(undefined, { production: true })).toThrow(HOSTS_REQUIRED_MESSAGE);
    expect(() => siteHosts([], { production: true })).toThrow(HOSTS_REQUIRED_MESSAGE);
    expect(siteHosts(undefined, { production: false }).hosts.map((host) => host.name)).toEqual([
      'localhost',
      '127.0.0.1',
      '::1',
      'www.aberwen.example',
      'preview-aberwen.example',
    ]);
  });

  it('refuses addresses that are not plain http(s) origins, and names that are not host names', () => {
    for (const bad of [
      'ftp://www.example.com',
      'https://www.example.com/site',
      'https://user:pass@www.example.com',
      'https://www.example.com/?q=1',
      'www.example.com/path',
      '*.example.com',
      'exa mple.com',
    ]) {
      expect(() => siteHosts([bad], { production: false }), bad).toThrow(/site/);
    }
    expect(() =>
      siteHosts([{ name: 'www.example.com', publicUri: 'https://evil.example' }], { production: false }),
    ).toThrow("The public address of host 'www.example.com' must be on that host");
  });
});

describe('normaliseHostName', () => {
  it('lower-cases and drops brackets and a trailing dot', () => {
    expect(normaliseHostName('[::1]')).toBe('::1');
    expect(normaliseHostName('WWW.Example.COM.')).toBe('www.example.com');
  });
});
