import { useTranslation } from 'react-i18next';
import { chatError, type ChatError } from '../../lib/core/errors';
import type { FieldProblem } from '../../lib/core/provider-form-check';
import { useErrorText } from '../common/use-error-text';

/** What a provider form says under a field: a refusal's title and hint, or what the form's own check found. */
export function useFieldProblemText() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const describe = (e: ChatError) => {
    const text = errorText(e);
    return t('settings.fieldProblem', { title: text.title, hint: text.hint });
  };
  const formProblem = (problem: FieldProblem['problem']) =>
    problem === 'required'
      ? t('settings.required')
      : problem === 'address-missing'
        ? t('settings.fieldProblem', { title: t('settings.addressMissing.title'), hint: t('settings.addressMissing.hint') })
        : describe(chatError(problem, problem));
  return { describe, formProblem };
}
