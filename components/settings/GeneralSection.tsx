import { useTranslation } from 'react-i18next';
import { Monitor, Moon, Sun } from 'lucide-react';
import { SegmentedControl } from '../ui/SegmentedControl';
import { setTheme, useTheme } from '../ui/use-theme';
import { LanguagePicker } from './LanguagePicker';
import { PrivacyLink } from './PrivacyLink';

type ThemeChoice = 'system' | 'light' | 'dark';

/** Language, theme, and the privacy policy. */
export function GeneralSection() {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <div className="settings-general">
      <LanguagePicker />
      <SegmentedControl<ThemeChoice>
        label={t('settings.theme.label')}
        options={[
          { value: 'system', label: t('settings.theme.system'), icon: <Monitor size={16} /> },
          { value: 'light', label: t('settings.theme.light'), icon: <Sun size={16} /> },
          { value: 'dark', label: t('settings.theme.dark'), icon: <Moon size={16} /> },
        ]}
        value={theme ?? 'system'}
        onChange={(choice) => void setTheme(choice === 'system' ? undefined : choice)}
      />
      <PrivacyLink />
    </div>
  );
}
