import { describe, expect, it } from 'vitest';
import { localPath } from './local-path.js';

describe('localPath', () => {
  it('accepts paths of this site only', () => {
    expect(localPath('/members')).toBe('/members');
    expect(localPath('/members?x=1')).toBe('/members?x=1');
    expect(localPath(null)).toBeNull();
    expect(localPath('')).toBeNull();
    expect(localPath('https://evil.example/')).toBeNull();
    expect(localPath('//evil.example/')).toBeNull();
    expect(localPath('/\\evil.example')).toBeNull();
  });
});
