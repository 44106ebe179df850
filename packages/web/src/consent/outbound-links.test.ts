import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OUTBOUND_LINK_TIMEOUT_MS, outboundHref, trackThenNavigate } from './outbound-links.js';

const ORIGIN = 'https://www.aberwen.example';

describe('outboundHref', () => {
  it('finds links to other sites', () => {
    expect(outboundHref('https://www.openstreetmap.org/?a=1', ORIGIN)).toBe(
      'https://www.openstreetmap.org/?a=1',
    );
    expect(outboundHref('//cdn.example.org/x', ORIGIN)).toBe('https://cdn.example.org/x');
  });

  it.each([
    '/courses',
    `${ORIGIN}/news`,
    '#top',
    'mailto:a@b.example',
    'tel:+441632960000',
    'javascript:void(0)',
    '',
    null,
  ])('ignores %s', (href) => {
    expect(outboundHref(href, ORIGIN)).toBeNull();
  });
});

describe('trackThenNavigate', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('navigates as soon as the callback settles', async () => {
    const navigate = vi.fn();
    let finish: () => void = () => undefined;
    trackThenNavigate(
      'https://x.example/',
      () => new Promise<void>((resolve) => (finish = resolve)),
      navigate,
    );
    expect(navigate).not.toHaveBeenCalled();
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('https://x.example/');
    await vi.advanceTimersByTimeAsync(1000);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('navigates after 250 ms when the callback never returns, and only once', async () => {
    const navigate = vi.fn();
    const track = vi.fn(() => new Promise<void>(() => undefined));
    trackThenNavigate('https://x.example/', track, navigate);
    expect(track).toHaveBeenCalledWith('https://x.example/');
    await vi.advanceTimersByTimeAsync(OUTBOUND_LINK_TIMEOUT_MS - 1);
    expect(navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(OUTBOUND_LINK_TIMEOUT_MS).toBe(250);
  });

  it('navigates at once when the callback returns synchronously or throws', () => {
    const navigate = vi.fn();
    trackThenNavigate('https://a.example/', () => undefined, navigate);
    trackThenNavigate(
      'https://b.example/',
      () => {
        throw new Error('analytics broke');
      },
      navigate,
    );
    expect(navigate.mock.calls).toEqual([['https://a.example/'], ['https://b.example/']]);
  });

  it('navigates when the callback rejects', async () => {
    const navigate = vi.fn();
    trackThenNavigate('https://x.example/', () => Promise.reject(new Error('offline')), navigate);
    await vi.advanceTimersByTimeAsync(0);
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});
