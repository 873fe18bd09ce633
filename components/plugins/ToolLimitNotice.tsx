import { useTranslation } from 'react-i18next';

/** Says that more tools are on than the chosen model takes, so no message can be sent with them all. */
export function ToolLimitNotice({ id, count, limit, inChat }: { id?: string; count: number; limit: number; inChat?: boolean }) {
  const { t } = useTranslation();
  return (
    <p id={id} className="notice tool-limit-notice" role="status">
      {t(inChat ? 'plugins.toolLimit.chat' : 'plugins.toolLimit.owner', { tools: count, limit })}
    </p>
  );
}
