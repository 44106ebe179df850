import { describe, expect, it } from 'vitest';
import { describeError } from './route-data.js';

describe('describeError', () => {
  it('names what caused a failed platform call, down the chain of causes', () => {
    const socket = Object.assign(new Error('other side closed'), {
      name: 'SocketError',
      code: 'UND_ERR_SOCKET',
    });
    const failed = Object.assign(
      new Error('Network request failed', { cause: new TypeError('fetch failed', { cause: socket }) }),
      {
        name: 'RequestError',
        code: 'network',
        url: 'http://127.0.0.1:1/api/delivery/projects/website/nodes/news',
      },
    );
    const described = describeError(failed);
    expect(described).toMatchObject({
      name: 'RequestError',
      message: 'Network request failed',
      code: 'network',
      url: 'http://127.0.0.1:1/api/delivery/projects/website/nodes/news',
      cause: {
        name: 'TypeError',
        message: 'fetch failed',
        cause: { name: 'SocketError', message: 'other side closed', code: 'UND_ERR_SOCKET' },
      },
    });
    expect(JSON.stringify(described.cause)).not.toContain('stack');
  });

  it('leaves the cause out when there is none, and describes what is not an Error as text', () => {
    expect(describeError(new Error('boom'))).not.toHaveProperty('cause');
    expect(describeError(new Error('boom', { cause: 'a reason' }))).toMatchObject({ cause: 'a reason' });
    expect(describeError('just text')).toEqual({ error: 'just text' });
  });
});
