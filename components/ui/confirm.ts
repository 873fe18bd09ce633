import { externalStore } from './external-store';

export interface ConfirmOptions {
  title: string;
  message?: string;
  confirmLabel: string;
  danger?: boolean;
}

interface Pending extends ConfirmOptions {
  resolve(confirmed: boolean): void;
}

export const pendingConfirm = externalStore<Pending | undefined>(undefined);

/** Asks in an in-page dialog (rendered by DialogHost) and resolves true when the user confirms. */
export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  pendingConfirm.get()?.resolve(false);
  return new Promise((resolve) => {
    pendingConfirm.set({
      ...options,
      resolve: (confirmed) => {
        pendingConfirm.set(undefined);
        resolve(confirmed);
      },
    });
  });
}
