import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { IconButton } from '../ui/IconButton';

/** A step of adding or editing a provider: its heading with the way back to the list, which Escape also takes. */
export function ProviderStep({
  title,
  kind,
  heading,
  onBack,
  children,
}: {
  title: string;
  /** The kind of provider being added, beside the heading. */
  kind?: string;
  heading: RefObject<HTMLHeadingElement | null>;
  onBack(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const escapeBack = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || e.defaultPrevented) return;
    // Escape steps back to the list here rather than leaving Settings.
    e.preventDefault();
    e.stopPropagation();
    onBack();
  };
  return (
    <section className="providers-step" aria-labelledby={`${id}-title`} onKeyDown={escapeBack}>
      <div className="step-head">
        <IconButton label={t('settings.backToProviders')} icon={<ArrowLeft className="flip-rtl" />} size="sm" onClick={onBack} />
        <h3 id={`${id}-title`} ref={heading} tabIndex={-1} dir="auto">
          {title}
        </h3>
        {kind && <span className="step-kind">{kind}</span>}
      </div>
      {children}
    </section>
  );
}
