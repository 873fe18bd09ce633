import { App } from './App';
import { mountLocalised } from './mount-localised';
import { loadTheme } from '../ui/theme';
import '../ui/ui.css';
import './app.css';

/** Mounts the side panel. */
export async function mountSidePanel(root: HTMLElement): Promise<void> {
  await loadTheme();
  return mountLocalised(
    root,
    (t) => t('app.name'),
    () => <App />,
  );
}
