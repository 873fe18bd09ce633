import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Crop, FileText, Languages, MessageSquare, TextQuote, Volume2 } from 'lucide-react';
import { displayLanguageName } from '../../lib/page/ask-prompt';
import type { PageTools } from '../page/use-page-tools';
import { startReading, useReaderState, useReaderUi } from '../reader/reader-start';
import { EmptyState } from '../ui/EmptyState';
import { captureInto } from '../images/capture';
import { PersonaPicker } from '../prompts/PersonaPicker';
import { usePrompts } from '../prompts/use-prompts';

function Suggestion({
  icon,
  title,
  hint,
  disabled,
  onClick,
}: {
  icon: ReactNode;
  title: string;
  hint: string;
  disabled?: boolean;
  onClick(): void;
}) {
  return (
    <li>
      <button type="button" className="suggestion" disabled={disabled} onClick={onClick}>
        <span className="suggestion-icon">{icon}</span>
        <span className="suggestion-text">
          <span className="suggestion-title">{title}</span>
          <span className="suggestion-hint">{hint}</span>
        </span>
      </button>
    </li>
  );
}

/**
 * A new chat with a model to talk to: a greeting and what Parley can do with
 * the tab the user is looking at, each card doing it at once.
 */
export function EmptyChat({ page }: { page: PageTools }) {
  const { t, i18n } = useTranslation();
  const reading = (useReaderState()?.status ?? 'idle') !== 'idle';
  const startingReading = useReaderUi((s) => s.starting);
  const noWindow = page.windowId === undefined;
  const language = displayLanguageName(i18n.language);
  // The user's own "Explain" prompt from the library; once they delete it, the selection waits for their question.
  const explain = usePrompts()?.find((p) => p.id === 'explain');

  return (
    <EmptyState icon={<MessageSquare size={24} />} title={t('composer.empty.greeting')} description={t('composer.empty.intro')}>
      <PersonaPicker />
      <ul className="suggestions" aria-label={t('composer.empty.suggestions')}>
        <Suggestion
          icon={<FileText size={18} />}
          title={t('composer.empty.summarize')}
          hint={t('composer.empty.summarizeHint')}
          disabled={noWindow || page.reading}
          onClick={() => void page.askAboutPage(t('composer.prompts.summarizePage'))}
        />
        <Suggestion
          icon={<TextQuote size={18} />}
          title={t('composer.empty.explain')}
          hint={t('composer.empty.explainHint')}
          disabled={noWindow}
          onClick={() =>
            void page.askAboutSelection(explain ? { kind: 'prompt', title: explain.title, text: explain.text } : { kind: 'ask' })
          }
        />
        <Suggestion
          icon={<Crop size={18} />}
          title={t('images.askAboutArea')}
          hint={t('images.askAboutAreaHint')}
          disabled={noWindow}
          onClick={() => page.windowId !== undefined && void captureInto(page.windowId, true)}
        />
        <Suggestion
          icon={<Volume2 size={18} />}
          title={t('composer.empty.readAloud')}
          hint={t('composer.empty.readAloudHint')}
          disabled={reading || startingReading}
          onClick={() => void startReading(page.windowId)}
        />
        <Suggestion
          icon={<Languages size={18} />}
          title={t('composer.empty.translate', { language })}
          hint={t('composer.empty.translateHint')}
          disabled={noWindow || page.reading}
          onClick={() => void page.askAboutPage(t('composer.prompts.translatePage', { language }))}
        />
      </ul>
    </EmptyState>
  );
}
