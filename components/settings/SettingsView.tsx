import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Database, MessageSquareText, Mic, PanelsTopLeft, Puzzle, Server, SlidersHorizontal, UserRound } from 'lucide-react';
import { Tabs, TabPanel } from '../ui/Tabs';
import { PageSettings } from '../page/PageSettings';
import { PluginSettings } from '../plugins/PluginSettings';
import { PersonaSettings } from '../prompts/PersonaSettings';
import { PromptSettings } from '../prompts/PromptSettings';
import { McpSettings } from '../mcp/McpSettings';
import { SpeechSettings } from '../speech/SpeechSettings';
import { GeneralSection } from './GeneralSection';
import { ProvidersSection } from './ProvidersSection';
import { DataSection } from './DataSection';
import { useSettingsTarget } from '../state/settings-target';
import './settings.css';

const SECTIONS = ['general', 'providers', 'voices', 'page', 'prompts', 'personas', 'plugins', 'data'] as const;
type Section = (typeof SECTIONS)[number];

const ICONS: Record<Section, ReactNode> = {
  general: <SlidersHorizontal size={16} />,
  providers: <Server size={16} />,
  voices: <Mic size={16} />,
  page: <PanelsTopLeft size={16} />,
  prompts: <MessageSquareText size={16} />,
  personas: <UserRound size={16} />,
  plugins: <Puzzle size={16} />,
  data: <Database size={16} />,
};

/** Wide panels list the sections in a column beside the open one; narrow ones wrap them above it. */
const WIDE = '(min-width: 600px)';

function useWide(): boolean {
  const [wide, setWide] = useState(() => matchMedia(WIDE).matches);
  useEffect(() => {
    const query = matchMedia(WIDE);
    const update = () => setWide(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return wide;
}

/** The session's last section, so leaving Settings and coming back returns to it. */
let lastSection: Section = 'general';

export function SettingsView() {
  const { t } = useTranslation();
  const tabsId = useId();
  const wide = useWide();
  const [section, setSection] = useState<Section>(() => (useSettingsTarget.getState().providerId ? 'providers' : lastSection));
  const open = (id: string) => {
    lastSection = id as Section;
    setSection(lastSection);
  };

  return (
    <section className={`settings${wide ? ' settings-wide' : ''}`} aria-labelledby="settings-title">
      <h2 id="settings-title">{t('settings.title')}</h2>
      <div className="settings-layout">
        <Tabs
          label={t('settings.sections')}
          idPrefix={tabsId}
          tabs={SECTIONS.map((id) => ({ id, label: t(`settings.section.${id}`), icon: ICONS[id] }))}
          value={section}
          onChange={open}
          orientation={wide ? 'vertical' : 'horizontal'}
        />
        <TabPanel idPrefix={tabsId} id={section} className="settings-panel">
          <h3 className="settings-section-title">{t(`settings.section.${section}`)}</h3>
          {section === 'general' && <GeneralSection />}
          {section === 'providers' && <ProvidersSection />}
          {section === 'voices' && <SpeechSettings />}
          {section === 'page' && <PageSettings />}
          {section === 'prompts' && <PromptSettings />}
          {section === 'personas' && <PersonaSettings />}
          {section === 'plugins' && (
            <>
              <PluginSettings />
              <McpSettings />
            </>
          )}
          {section === 'data' && <DataSection />}
        </TabPanel>
      </div>
    </section>
  );
}
