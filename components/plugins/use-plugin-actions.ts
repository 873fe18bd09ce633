import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../lib/messaging/client';
import type { ManifestPreview, PluginView } from '../../lib/messaging/plugin-protocol';
import type { ManifestIssue } from '../../lib/plugins/manifest';
import { useBusyRun } from '../common/use-busy-run';
import { showToast, showUndoToast } from '../ui/toast';

/**
 * What an installed plugin's card does: switch it on or off (or, with required settings still empty, open them),
 * update it (approving what the new version reaches), remove it with an undo; one at a time.
 */
export function usePluginActions(view: PluginView, title: string, missing: string | undefined, openSettings: () => void) {
  const { t } = useTranslation();
  const [approval, setApproval] = useState<ManifestPreview>();
  const [refused, setRefused] = useState<ManifestIssue[]>();
  const busyRun = useBusyRun();
  const { busy, error } = busyRun;

  const run = (work: () => Promise<void>) => {
    setRefused(undefined);
    return busyRun.run(work);
  };

  const toggle = (enabled: boolean) => {
    // Off until its required settings are filled: the switch leads to them instead.
    if (enabled && missing) {
      openSettings();
      return;
    }
    void run(async () => {
      await request('plugins.setEnabled', { identifier: view.identifier, enabled });
    });
  };

  const update = () =>
    run(async () => {
      const outcome = await request('plugins.update', { identifier: view.identifier });
      if (outcome.kind === 'approve') setApproval(outcome.preview);
      else if (outcome.kind === 'invalid') setRefused(outcome.issues);
      else showToast({ message: t('plugins.updated'), tone: 'success' });
    });

  const applyApproved = (approved: ManifestPreview) =>
    run(async () => {
      await request('plugins.install', {
        manifestUrl: approved.manifestUrl,
        manifest: approved.manifest,
        origins: approved.origins,
        replace: true,
      });
      setApproval(undefined);
      showToast({ message: t('plugins.updated'), tone: 'success' });
    });

  const remove = () =>
    run(async () => {
      await request('plugins.remove', { identifier: view.identifier });
      showUndoToast({
        message: t('plugins.store.removed', { title }),
        onUndo: () =>
          void request('plugins.restore', { identifier: view.identifier }).catch(() =>
            showToast({ message: t('plugins.store.restoreFailed', { title }), tone: 'error' }),
          ),
      });
    });

  return { busy, error, approval, refused, toggle, update, applyApproved, cancelApproval: () => setApproval(undefined), remove };
}
