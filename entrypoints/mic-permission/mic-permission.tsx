import { mountLocalised } from '../../components/startup/mount-localised';
import { MicPermissionPage } from '../../components/speech/MicPermissionPage';
import '../../components/app/app.css';

void mountLocalised(
  document.getElementById('root')!,
  (t) => t('speech.micPermission.title'),
  () => <MicPermissionPage />,
);
