import { useTranslation } from 'react-i18next';
import type { StoredMessage } from '../../lib/core/conversation';
import { Markdown } from '../markdown/markdown';
import { PluginOutputs, ToolSteps } from './on-demand-parts';

/** An answer's content: its tool steps and what plugins showed, then its text, or "Thinking" before the first word. */
export function AnswerBody({ message }: { message: StoredMessage }) {
  const { t } = useTranslation();
  const streaming = message.status === 'streaming';
  return (
    <>
      {/* Only an answer with steps, or one still being written (it may ask before a call), needs them. */}
      {(streaming || !!message.steps?.length) && (
        <ToolSteps steps={message.steps ?? []} waitingIn={streaming ? message.conversationId : undefined} />
      )}
      {!!message.steps?.length && <PluginOutputs message={message} />}
      <div className="message-body" dir="auto">
        <Markdown text={message.content} streaming={streaming} />
      </div>
      {streaming && !message.content && <p className="typing">{t('chat.thinking')}</p>}
    </>
  );
}
