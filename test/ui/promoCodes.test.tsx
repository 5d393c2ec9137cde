import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { PromoCode, PromoCodeTemplate } from '../../domain/promoCode';
import { apiUrl, filterOf, listAnswer, server } from './msw';
import { SLOW_RENDER } from './partnerScreens';
import { renderApp, startSignedIn } from './renderApp';

/**
 * The promo codes page (`/promo-code`): the list with status chips and usage bars, its filters, the create
 * drawer's validation and generated code, the bulk creation dialog and the CSV export; the templates tab.
 */

const template = (id: number, name: string): PromoCodeTemplate => ({
  id,
  name,
  description: null,
  htmlDescription: null,
  discountKind: 'PERCENTAGE',
  discountValue: 20,
  validFrom: '2026-01-01',
  validUntil: '2026-12-31',
  establishmentId: null,
  promoterGroupId: null,
  version: 1,
});

const students = template(1, 'Students −20 %');
const crew = template(2, 'Crew free entry');

const code = (id: number, text: string, fields: Partial<PromoCode> = {}): PromoCode => ({
  id,
  code: text,
  maxUsageCount: 200,
  usageCount: 37,
  promoCodeTemplateId: students.id,
  status: 'ACTIVE',
  isDisabled: false,
  version: 1,
  ...fields,
});

const flon = code(1, 'FLON-STUDI');
const seujet = code(2, 'SEUJET10', {
  maxUsageCount: 50,
  usageCount: 50,
  status: 'USED_UP',
  promoCodeTemplateId: crew.id,
});

/** GET /promo-codes (recording each filter) and /promo-code-templates, POSTs recorded with their bodies. */
const servePromoCodes = (codes: PromoCode[] = [flon, seujet], templates: PromoCodeTemplate[] = [students, crew]) => {
  const filters: Record<string, unknown>[] = [];
  const posts: { url: string; body: Record<string, unknown> }[] = [];
  server.use(
    http.get(apiUrl('/promo-codes'), ({ request }) => {
      filters.push(filterOf(request));
      return listAnswer('promo-codes', codes);
    }),
    http.get(apiUrl('/promo-code-templates'), ({ request }) => {
      const ids = filterOf(request).id;
      const wanted = ids === undefined ? templates : templates.filter((item) => [ids].flat().includes(item.id));
      return listAnswer('promo-code-templates', wanted);
    }),
    http.get(apiUrl('/promo-code-templates/:id'), ({ params }) =>
      HttpResponse.json(templates.find((item) => String(item.id) === params.id)),
    ),
  );
  return { filters, posts };
};

const downloads: { blob: Blob; fileName: string }[] = [];
const catchDownloads = () => {
  downloads.length = 0;
  const linked = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:download-${linked.size}`;
    linked.set(url, blob as Blob);
    return url;
  });
  const click = HTMLAnchorElement.prototype.click;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = linked.get(this.getAttribute('href') ?? '');
    if (blob && this.download) downloads.push({ blob, fileName: this.download });
    else click.call(this);
  });
};

const openPage = (path = '/promo-code') => {
  startSignedIn();
  renderApp(path);
  return userEvent.setup();
};

const rowOf = async (text: string) => (await screen.findByText(text, {}, SLOW_RENDER)).closest('tr') as HTMLElement;

describe('the promo codes list', () => {
  it('shows each code with its status, its usage against the maximum and its template', async () => {
    servePromoCodes();
    openPage();

    const flonRow = await rowOf('FLON-STUDI');
    expect(within(flonRow).getByText('Active')).toBeInTheDocument();
    expect(within(flonRow).getByText('37 / 200')).toBeInTheDocument();
    expect(within(flonRow).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '19');
    expect(await within(flonRow).findByText('Students −20 %')).toBeInTheDocument();
    const seujetRow = await rowOf('SEUJET10');
    expect(within(seujetRow).getByText('Used up')).toBeInTheDocument();
    expect(within(seujetRow).getByText('50 / 50')).toBeInTheDocument();
    expect(await within(seujetRow).findByText('Crew free entry')).toBeInTheDocument();
  });

  it('sends the search and the status filter', async () => {
    const requests = servePromoCodes();
    const actor = openPage();
    await screen.findByText('FLON-STUDI', {}, SLOW_RENDER);

    await actor.type(screen.getByPlaceholderText('Search'), 'flon');
    await waitFor(() => expect(requests.filters.at(-1)).toEqual({ q: 'flon' }));
    await actor.click(screen.getByRole('combobox', { name: 'Status' }));
    await actor.click(await screen.findByRole('option', { name: 'Used up' }));
    await waitFor(() => expect(requests.filters.at(-1)).toEqual({ q: 'flon', status: 'USED_UP' }));
  });

  it('disables a code with the whole record and its version, without opening it', async () => {
    servePromoCodes();
    const puts: Record<string, unknown>[] = [];
    server.use(
      http.put(apiUrl('/promo-codes/:id'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        puts.push(body);
        return HttpResponse.json({ ...flon, isDisabled: true, status: 'DISABLED', version: 2 });
      }),
    );
    const actor = openPage();
    const flonRow = await rowOf('FLON-STUDI');
    await actor.click(within(flonRow).getByRole('button', { name: 'Disable FLON-STUDI' }));

    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ code: 'FLON-STUDI', isDisabled: true, version: 1 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('exports the list as CSV: code, status, usage and template by name', async () => {
    servePromoCodes();
    const actor = openPage();
    await screen.findByText('FLON-STUDI', {}, SLOW_RENDER);

    catchDownloads();
    await actor.click(screen.getByRole('button', { name: 'Export' }));

    await waitFor(() => expect(downloads).toHaveLength(1));
    const lines = (await downloads[0]!.blob.text()).split('\r\n');
    expect(lines[0]).toBe('Code,Status,Usage,Maximum usage,Template');
    expect(lines[1]).toBe('FLON-STUDI,Active,37,200,Students −20 %');
    expect(lines[2]).toBe('SEUJET10,Used up,50,50,Crew free entry');
    expect(downloads[0]!.fileName).toBe('promo-codes.csv');
  });
});

describe('creating promo codes', () => {
  it('checks the code as the server does, and fills an empty one with a generated code', async () => {
    servePromoCodes();
    const actor = openPage('/promo-code/create');
    const drawer = within(await screen.findByRole('dialog', {}, SLOW_RENDER));
    const input = drawer.getByLabelText('Code');

    await actor.type(input, 'no way!');
    await actor.click(drawer.getByRole('button', { name: 'Save' }));
    expect(await drawer.findByText('Use letters, digits, “-” and “_” only.')).toBeInTheDocument();

    await actor.click(drawer.getByRole('button', { name: 'Generate a code' }));
    expect((input as HTMLInputElement).value).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
    await waitFor(() => expect(drawer.queryByText('Use letters, digits, “-” and “_” only.')).not.toBeInTheDocument());
  });

  it('creates codes in bulk and shows the created codes', async () => {
    servePromoCodes();
    const batches: Record<string, unknown>[] = [];
    server.use(
      http.post(apiUrl('/promo-codes/batch'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        batches.push(body);
        return HttpResponse.json(
          [code(10, 'FEST-ABCDEFGH', { usageCount: 0, maxUsageCount: 2 }), code(11, 'FEST-JKMNPQRS')],
          { status: 201 },
        );
      }),
    );
    const actor = openPage();
    await screen.findByText('FLON-STUDI', {}, SLOW_RENDER);
    await actor.click(screen.getByRole('button', { name: 'Create in bulk' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create promo codes in bulk' }));

    await actor.clear(dialog.getByLabelText('Number of codes'));
    await actor.type(dialog.getByLabelText('Number of codes'), '2');
    await actor.type(dialog.getByLabelText('Prefix'), 'fest-');
    await actor.clear(dialog.getByLabelText('Maximum usage'));
    await actor.type(dialog.getByLabelText('Maximum usage'), '2');
    await actor.click(dialog.getByRole('combobox', { name: 'Template' }));
    await actor.click(await screen.findByRole('option', { name: 'Crew free entry' }));
    await actor.click(dialog.getByRole('button', { name: 'Create codes' }));

    await waitFor(() => expect(batches).toHaveLength(1));
    expect(batches[0]).toEqual({ count: 2, prefix: 'FEST-', maxUsageCount: 2, promoCodeTemplateId: crew.id });
    expect(await dialog.findByText('2 codes created.')).toBeInTheDocument();
    expect(dialog.getByLabelText('Created codes')).toHaveTextContent('FEST-ABCDEFGH FEST-JKMNPQRS');
  });

  it('refuses a bulk creation beyond the limit before asking the server', async () => {
    servePromoCodes();
    let batches = 0;
    server.use(
      http.post(apiUrl('/promo-codes/batch'), () => {
        batches += 1;
        return HttpResponse.json([], { status: 201 });
      }),
    );
    const actor = openPage();
    await screen.findByText('FLON-STUDI', {}, SLOW_RENDER);
    await actor.click(screen.getByRole('button', { name: 'Create in bulk' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create promo codes in bulk' }));

    await actor.clear(dialog.getByLabelText('Number of codes'));
    await actor.type(dialog.getByLabelText('Number of codes'), '5000');
    await actor.click(dialog.getByRole('button', { name: 'Create codes' }));

    expect(await dialog.findByText(/1000/)).toBeInTheDocument();
    expect(batches).toBe(0);
  });
});

describe('the templates tab', () => {
  it('lists the templates with their discount and validity in the reader’s format', async () => {
    servePromoCodes();
    const actor = openPage();
    await screen.findByText('FLON-STUDI', {}, SLOW_RENDER);
    await actor.click(screen.getByRole('tab', { name: 'Templates' }));

    const row = await rowOf('Students −20 %');
    expect(within(row).getByText('20%')).toBeInTheDocument();
    // Validity days as the interface language writes dates, never the browser's locale.
    expect(within(row).getByText('01/01/2026')).toBeInTheDocument();
    expect(within(row).getByText('31/12/2026')).toBeInTheDocument();
  });
});
