import { describe, expect, it } from 'vitest';
import { ChatFailure } from '../../../lib/core/errors';
import {
  assertCredentialUrl,
  isLoopbackHost,
  isPrivateHost,
  joinUrl,
  parseHttpUrl,
  requireCredential,
  trimBaseUrl,
} from '../../../lib/transport/url-policy';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return e instanceof ChatFailure ? e.error.code : 'not-a-chat-failure';
  }
  return undefined;
}

describe('url policy', () => {
  it('knows loopback hosts', () => {
    for (const host of ['localhost', 'api.localhost', '127.0.0.1', '127.8.9.10', '[::1]', '::1']) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['192.168.1.2', '10.0.0.1', 'localhost.evil.test', '127.0.0.1.nip.io', 'example.com'])
      expect(isLoopbackHost(host)).toBe(false);
  });

  it('sends credentials only over https or to loopback', () => {
    expect(assertCredentialUrl('https://api.example.com/v1').host).toBe('api.example.com');
    expect(assertCredentialUrl('http://127.0.0.1:8080/v1').port).toBe('8080');
    expect(assertCredentialUrl('http://[::1]:11434').hostname).toBe('[::1]');
    expect(codeOf(() => assertCredentialUrl('http://192.168.1.20:11434'))).toBe('insecure-url');
    expect(codeOf(() => assertCredentialUrl('http://api.example.com'))).toBe('insecure-url');
  });

  it('refuses what is not an http(s) URL', () => {
    expect(codeOf(() => parseHttpUrl('javascript:alert(1)'))).toBe('invalid-url');
    expect(codeOf(() => parseHttpUrl('file:///etc/passwd'))).toBe('invalid-url');
    expect(codeOf(() => parseHttpUrl('not a url'))).toBe('invalid-url');
  });

  it('refuses an empty or blank credential with the spec’s message', () => {
    for (const v of [undefined, '', '   ', '\t\n']) {
      try {
        requireCredential(v);
        expect.unreachable();
      } catch (e) {
        expect((e as ChatFailure).error).toMatchObject({ code: 'credential-missing', message: 'Credential is missing' });
      }
    }
    expect(requireCredential('  sk-1 ')).toBe('sk-1');
  });

  it('trims every trailing slash of a base URL and nothing else', () => {
    expect(trimBaseUrl('https://h/v1//')).toBe('https://h/v1');
    expect(trimBaseUrl('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080');
    expect(trimBaseUrl('https://h/v1')).toBe('https://h/v1');
  });

  it('joins paths without losing the base path', () => {
    expect(joinUrl('https://h/v1/', '/models')).toBe('https://h/v1/models');
    expect(joinUrl('https://h/v1', 'chat/completions')).toBe('https://h/v1/chat/completions');
  });
});

describe('isPrivateHost', () => {
  const hostOf = (url: string) => new URL(url).hostname;

  it('knows this computer and private networks, however the address is spelled', () => {
    const privateUrls = [
      'http://localhost/',
      'http://127.0.0.1/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://0.0.0.0/',
      'http://10.1.2.3/',
      'http://172.16.0.1/',
      'http://172.31.255.255/',
      'http://192.168.0.1/',
      'http://169.254.169.254/',
      'http://[::1]/',
      'http://[::]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:192.168.1.1]/',
      'http://[fc00::1]/',
      'http://[fd12:3456::1]/',
      'http://[fe80::1]/',
      'http://[febf::1]/',
    ];
    for (const url of privateUrls) expect(isPrivateHost(hostOf(url)), url).toBe(true);
  });

  it('leaves public addresses alone', () => {
    const publicUrls = [
      'https://example.com/',
      'http://172.15.0.1/',
      'http://172.32.0.1/',
      'http://192.169.0.1/',
      'http://8.8.8.8/',
      'http://[2001:db8::1]/',
      'http://[::ffff:8.8.8.8]/',
      'http://[fec0::1]/',
      'http://fd.example/',
    ];
    for (const url of publicUrls) expect(isPrivateHost(hostOf(url)), url).toBe(false);
  });
});
