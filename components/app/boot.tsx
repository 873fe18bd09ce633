import { App } from './App';
import { mountLocalised } from './mount-localised';
import './app.css';

/** Mounts the side panel. */
export function mountSidePanel(root: HTMLElement): Promise<void> {
  return mountLocalised(
    root,
    (t) => t('app.name'),
    () => <App />,
  );
}
