import { useTranslation } from 'react-i18next';
import { chatError } from '../../lib/core/errors';
import { ErrorNotice } from '../common/ErrorNotice';
import { useAttachments } from './attachments-store';

/** Why the composer's images could not be added or sent; what the user wrote and attached stays. */
export function AttachmentNotice() {
  const { t } = useTranslation();
  const problem = useAttachments((s) => s.problem);
  if (!problem) return null;
  if (problem.kind === 'refused') return <ErrorNotice error={chatError(problem.code, '')} />;
  return (
    <p role="alert" className="notice image-notice">
      {problem.kind === 'not-an-image'
        ? t('images.notAnImage', { name: problem.name })
        : problem.kind === 'unreadable'
          ? t('images.unreadable', { name: problem.name })
          : problem.kind === 'capture-restricted'
            ? t('images.captureRestricted')
            : t('images.captureFailed')}
    </p>
  );
}
