import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoredMessage } from '../../lib/core/conversation';

/** How much of a finished answer is read out; the rest is in the conversation. */
const SPOKEN_CHARS = 300;

/** Markdown's punctuation is noise when read out. */
function spoken(markdown: string): string {
  // Only the start is read out; a megabyte answer is not run through the replacements whole.
  const plain = markdown
    .slice(0, SPOKEN_CHARS * 4)
    .replace(/```[^\n]*\n?/g, ' ')
    .replace(/[#*_`>|~[\]]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > SPOKEN_CHARS ? `${plain.slice(0, SPOKEN_CHARS - 1)}…` : plain;
}

/**
 * The conversation log is not a live region (it would read every token, and
 * every action button added under an answer). Instead a finished answer is
 * announced here once, politely; a failed one announces its own notice.
 */
export function AnswerAnnouncer({ messages }: { messages: readonly StoredMessage[] }) {
  const { t } = useTranslation();
  const [said, setSaid] = useState('');
  const streaming = useRef(new Set<string>());

  useEffect(() => {
    const before = streaming.current;
    const now = new Set(messages.filter((m) => m.status === 'streaming').map((m) => m.id));
    streaming.current = now;
    if (now.size) return setSaid('');
    const finished = messages.findLast((m) => before.has(m.id) && m.status === 'complete');
    if (finished?.content.trim()) setSaid(t('messages.answerFinished', { text: spoken(finished.content) }));
  }, [messages, t]);

  return (
    <p className="visually-hidden" role="status">
      {said}
    </p>
  );
}
