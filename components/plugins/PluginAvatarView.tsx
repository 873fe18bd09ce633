import { useState } from 'react';
import { pluginAvatar } from '../../lib/plugins/avatar';

/** A plugin's picture: decorative, as its title is always written beside it. An image that fails to load gives way to the letter. */
export function PluginAvatarView({ avatar, title }: { avatar: string | undefined; title: string }) {
  const [broken, setBroken] = useState(false);
  const shown = pluginAvatar(broken ? undefined : avatar, title);
  return (
    <span className={`plugin-avatar plugin-avatar-${shown.kind}`} aria-hidden="true">
      {shown.kind === 'image' ? (
        <img src={shown.src} alt="" referrerPolicy="no-referrer" loading="lazy" onError={() => setBroken(true)} />
      ) : (
        shown.text
      )}
    </span>
  );
}
