import type { Conversation } from '../core/conversation';
import { getDb } from './db';
import { byTimeThenSeq } from './records';
import { checkConversation, checkMessage, usable } from './repair';
import { queryMatcher, snippetAround, type Snippet } from '../core/snippet';

export interface ConversationSearchHit {
  conversation: Conversation;
  snippet: Snippet;
  /** The first message that matched; absent when the title matched. */
  messageId?: string;
}

/**
 * Case-insensitive search over titles and message text. Each conversation
 * appears once, most recently active first, with a snippet around its title
 * hit or else around the hit in its earliest matching message. A blank query
 * matches nothing.
 */
export async function searchConversations(query: string): Promise<ConversationSearchHit[]> {
  const matcher = queryMatcher(query);
  if (!matcher) return [];
  const tx = (await getDb()).transaction(['conversations', 'messages'], 'readonly');
  const [conversations, records] = await Promise.all([
    tx
      .objectStore('conversations')
      .index('updatedAt')
      .getAll()
      .then((all) => all.flatMap(usable(checkConversation))),
    tx
      .objectStore('messages')
      .getAll()
      .then((all) => all.flatMap(usable(checkMessage))),
  ]);
  const firstMessageHit = new Map<string, { snippet: Snippet; messageId: string }>();
  for (const record of records.sort(byTimeThenSeq)) {
    if (firstMessageHit.has(record.conversationId)) continue;
    const snippet = snippetAround(record.content, matcher);
    if (snippet) firstMessageHit.set(record.conversationId, { snippet, messageId: record.id });
  }
  const hits: ConversationSearchHit[] = [];
  for (const conversation of conversations.reverse()) {
    const titleSnippet = snippetAround(conversation.title, matcher);
    if (titleSnippet) hits.push({ conversation, snippet: titleSnippet });
    else {
      const messageHit = firstMessageHit.get(conversation.id);
      if (messageHit) hits.push({ conversation, ...messageHit });
    }
  }
  return hits;
}
