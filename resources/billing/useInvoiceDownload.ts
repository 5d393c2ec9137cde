import { useCallback, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { Invoice } from '../../domain/billing';
import type { AppDataProvider } from '../../providers/dataProvider';

/** Hands a blob to the browser as a download under `fileName`. */
export const saveBlob = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has handed the blob over; the address is freed once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};

/**
 * `GET /invoices/:id/pdf` through the app's client (the session's bearer token, the refresh on 401), saved
 * under the server's file name (`invoice-2026-00042.pdf`), or the invoice's number when it names none.
 */
export const useInvoiceDownload = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const [pendingId, setPendingId] = useState<Invoice['id'] | null>(null);
  const download = useCallback(
    async (invoice: Pick<Invoice, 'id' | 'number' | 'kind'>) => {
      setPendingId(invoice.id);
      try {
        const { blob, fileName } = await dataProvider.getFile(`/invoices/${encodeURIComponent(invoice.id)}/pdf`);
        const fallback = `${invoice.kind === 'CREDIT_NOTE' ? 'credit-note' : 'invoice'}-${invoice.number}.pdf`;
        saveBlob(blob, fileName ?? fallback);
      } catch {
        notify('resources.invoices.notifications.downloadFailed', { type: 'error' });
      } finally {
        setPendingId(null);
      }
    },
    [dataProvider, notify],
  );
  return { download, pendingId };
};
