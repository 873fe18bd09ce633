import type { ReactNode } from 'react';
import { rovingIndex } from './roving';

export interface TabItem {
  id: string;
  label: string;
  icon?: ReactNode;
}

export interface TabsProps {
  label: string;
  /** From useId(), shared with the TabPanels so tabs and panels reference each other. */
  idPrefix: string;
  tabs: TabItem[];
  value: string;
  onChange(id: string): void;
  orientation?: 'horizontal' | 'vertical';
}

const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
const panelId = (prefix: string, id: string) => `${prefix}-panel-${id}`;

/** A tab list: one Tab stop, arrow keys move and select. */
export function Tabs({ label, idPrefix, tabs, value, onChange, orientation = 'horizontal' }: TabsProps) {
  return (
    <div role="tablist" aria-label={label} aria-orientation={orientation} className={`ui-tabs ui-tabs-${orientation}`}>
      {tabs.map((tab, index) => (
        <button
          key={tab.id}
          id={tabId(idPrefix, tab.id)}
          type="button"
          role="tab"
          aria-selected={tab.id === value}
          aria-controls={panelId(idPrefix, tab.id)}
          tabIndex={tab.id === value ? 0 : -1}
          className="ui-tab"
          onClick={() => onChange(tab.id)}
          onKeyDown={(e) => {
            const next = rovingIndex(e, index, tabs.length, orientation);
            if (next === undefined) return;
            e.preventDefault();
            onChange(tabs[next]!.id);
            (e.currentTarget.parentElement?.children[next] as HTMLElement | undefined)?.focus();
          }}
        >
          {tab.icon}
          <span>{tab.label}</span>
        </button>
      ))}
    </div>
  );
}

export function TabPanel({ idPrefix, id, className, children }: { idPrefix: string; id: string; className?: string; children: ReactNode }) {
  return (
    <div role="tabpanel" id={panelId(idPrefix, id)} aria-labelledby={tabId(idPrefix, id)} tabIndex={0} className={className}>
      {children}
    </div>
  );
}
