import { checkPluginUrl, parsesAsUrl } from './url-rules';

/** How a plugin is pictured in lists: its manifest's image or emoji, else the first letter of its title. */
export type PluginAvatar = { kind: 'image'; src: string } | { kind: 'emoji'; text: string } | { kind: 'letter'; text: string };

/** An emoji or a short symbol; longer text (a sentence, a data blob) is not an avatar. */
const MAX_EMOJI_CHARS = 8;

export function pluginAvatar(avatar: string | undefined, title: string): PluginAvatar {
  const given = avatar?.trim() ?? '';
  if (given && parsesAsUrl(given)) {
    // The same rule the manifest was installed under: an image only from http or https, never data:, blob: or script.
    if (!checkPluginUrl(given, 'meta.avatar', 'link')) return { kind: 'image', src: new URL(given).href };
  } else if (given && [...given].length <= MAX_EMOJI_CHARS && !/[\p{L}\p{N}]/u.test(given)) {
    return { kind: 'emoji', text: given };
  }
  const first = [...title.trim()][0];
  return { kind: 'letter', text: first ? first.toLocaleUpperCase() : '?' };
}
