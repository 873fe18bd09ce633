/**
 * Answers this panel has seen being written. A notice on one of them appeared
 * while the user was here and is announced (role=alert); a notice on any other
 * message was stored earlier and is not announced again when the conversation
 * is reopened.
 */
const watched = new Set<string>();

export function noteStreaming(messageId: string): void {
  watched.add(messageId);
}

export function sawStreaming(messageId: string): boolean {
  return watched.has(messageId);
}
