import { App } from '../../components/app/App';
import { mountSidePanel } from '../../components/startup';

void mountSidePanel(document.getElementById('root')!, App);
