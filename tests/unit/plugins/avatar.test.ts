import { describe, expect, it } from 'vitest';
import { pluginAvatar } from '../../../lib/plugins/avatar';

describe('plugin avatars', () => {
  it('shows an image only from http or https', () => {
    expect(pluginAvatar('https://cdn.example/a.png', 'Weather')).toEqual({ kind: 'image', src: 'https://cdn.example/a.png' });
    expect(pluginAvatar('http://cdn.example/a.png', 'Weather')).toEqual({ kind: 'image', src: 'http://cdn.example/a.png' });
    expect(pluginAvatar('javascript:alert(1)', 'Weather')).toEqual({ kind: 'letter', text: 'W' });
    expect(pluginAvatar('data:image/svg+xml,<svg/>', 'Weather')).toEqual({ kind: 'letter', text: 'W' });
  });

  it('shows an emoji as it is, and a letter for anything else', () => {
    expect(pluginAvatar('🌦', 'Weather')).toEqual({ kind: 'emoji', text: '🌦' });
    expect(pluginAvatar(' 👨‍👩‍👧 ', 'Family')).toEqual({ kind: 'emoji', text: '👨‍👩‍👧' });
    expect(pluginAvatar('a long description, not an avatar', 'weather')).toEqual({ kind: 'letter', text: 'W' });
    expect(pluginAvatar(undefined, 'éclair')).toEqual({ kind: 'letter', text: 'É' });
    expect(pluginAvatar(undefined, '')).toEqual({ kind: 'letter', text: '?' });
  });
});
