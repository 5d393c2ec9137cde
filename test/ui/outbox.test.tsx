import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, server } from './msw';
import { renderApp, startSignedIn } from './renderApp';

const mail = {
  id: 5,
  to: 'booking@gleis7.example.ch',
  subject: 'Rechnung 2026-00042',
  template: 'invoice',
  language: 'de',
  transport: 'outbox',
  status: 'stored',
  error: null,
  userId: null,
  createdAt: '2026-11-21T08:00:00.000Z',
  sentAt: null,
  text: 'Guten Tag\n\nIm Anhang finden Sie die Rechnung 2026-00042.\n',
  html: '<p>Guten Tag</p>',
};

describe('a mail in the outbox', () => {
  it('shows a chip per attachment with its name and size', async () => {
    server.use(
      http.get(apiUrl('/outbox/5'), () =>
        HttpResponse.json({
          ...mail,
          attachments: [
            { filename: 'invoice-2026-00042.pdf', contentType: 'application/pdf', bytes: 12_345 },
            { filename: 'terms.txt', contentType: 'text/plain', bytes: 512 },
          ],
        }),
      ),
    );
    startSignedIn();
    renderApp('/outbox/5/show');
    expect(await screen.findByText('invoice-2026-00042.pdf · 12.3 kB')).toBeInTheDocument();
    expect(screen.getByText('terms.txt · 512 B')).toBeInTheDocument();
    expect(screen.getByText('Attachments')).toBeInTheDocument();
  });

  it('shows no attachments section for a mail without any', async () => {
    server.use(http.get(apiUrl('/outbox/5'), () => HttpResponse.json({ ...mail, attachments: [] })));
    startSignedIn();
    renderApp('/outbox/5/show');
    expect(await screen.findByText('booking@gleis7.example.ch')).toBeInTheDocument();
    expect(screen.queryByText('Attachments')).not.toBeInTheDocument();
  });
});
