import { mountSidePanel } from '../../components/app/boot';

void mountSidePanel(document.getElementById('root')!);
