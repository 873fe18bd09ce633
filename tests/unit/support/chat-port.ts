import type { BackgroundToPanel, PanelToBackground } from '../../../lib/messaging/protocol';
import type { ConnectChat } from '../../../components/state/chat/transport-slice';

/** A chat port to hand a store made for a test: it records what the panel posts, and delivers what the background would. */
export function fakeChatPort() {
  const port = {
    posted: [] as PanelToBackground[],
    /** How many times the store opened its port. */
    opened: 0,
    deliver: (_m: BackgroundToPanel): void => {
      throw new Error('The background can answer only a store that opened its port (posted something) first.');
    },
    reconnect: (): void => undefined,
    connect: ((onMessage, onReconnect) => {
      port.opened++;
      port.deliver = onMessage;
      port.reconnect = onReconnect;
      return { post: (m) => port.posted.push(m), close: () => undefined };
    }) as ConnectChat,
  };
  return port;
}
