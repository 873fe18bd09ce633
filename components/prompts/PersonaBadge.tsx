import { useTranslation } from 'react-i18next';
import { UserRound } from 'lucide-react';
import { useChatStore } from '../state/chat-store';
import { usePersonas } from './use-personas';
import './prompts.css';

/** The chat header's note of the persona the open chat was started with, or that a new chat will start with. */
export function PersonaBadge() {
  const { t } = useTranslation();
  const list = usePersonas();
  const conversation = useChatStore((s) => s.conversation);
  const choice = useChatStore((s) => s.personaChoice);
  const personaId = conversation ? conversation.persona : choice === undefined ? list?.defaultId : choice?.id;
  const persona = list?.personas.find((p) => p.id === personaId);
  if (!persona) return null;
  return (
    <span className="persona-badge" role="note" aria-label={t('personas.header', { name: persona.name })}>
      <UserRound size={14} aria-hidden />
      <span dir="auto">{persona.name}</span>
    </span>
  );
}
