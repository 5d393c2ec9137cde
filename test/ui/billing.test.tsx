import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Invoice, PaymentImportReply, Plan, Subscription } from '../../domain/billing';
import type { Establishment } from '../../domain/establishment';
import { venueAdmin } from './eventList.fixtures';
import { ana, apiUrl, filterOf, listAnswer, server } from './msw';
import { staticMediaQueryList } from './mediaQuery';
import { SLOW_RENDER } from './partnerScreens';
import { renderApp, startSignedIn } from './renderApp';

/**
 * The billing page (`/billing`): ROOT's tabs (plans, subscriptions, invoices with their actions, the camt.054
 * import) and a partner's own subscription and invoices. The API is answered in the contract's shapes
 * (domain/billing.ts records).
 */

const currentPath = () => screen.getByTestId('location').textContent;

const plan = (id: number, en: string, fields: Partial<Plan> = {}): Plan => ({
  id,
  name: { en, fr: `${en} (fr)`, de: `${en} (de)`, it: `${en} (it)` },
  description: null,
  priceCentimes: 4990,
  interval: 'MONTH',
  features: { proLogo: true, exclusiveOffersPerMonth: 3 },
  isActive: true,
  activeSubscriptions: 1,
  version: 1,
  ...fields,
});

const pro = plan(1, 'Pro');
const basic = plan(2, 'Basic', { priceCentimes: 1900, features: { proLogo: false, exclusiveOffersPerMonth: null } });
const retired = plan(3, 'Legacy', { isActive: false, activeSubscriptions: 0 });

const address = {
  name: 'Gleis 7 Club AG',
  street: 'Gleisstrasse',
  buildingNumber: '7',
  postalCode: '8005',
  town: 'Zürich',
  country: 'CH',
};

const subscription = (id: number, fields: Partial<Subscription> = {}): Subscription => ({
  id,
  partner: { kind: 'ESTABLISHMENT', id: 3, name: 'Gleis 7 Club' },
  planId: pro.id,
  nextPlanId: null,
  status: 'ACTIVE',
  startsOn: '2026-11-01',
  currentPeriodStart: '2026-11-01',
  currentPeriodEnd: '2026-11-30',
  cancelAtPeriodEnd: false,
  endsOn: null,
  billingAddress: address,
  invoiceEmail: 'billing@gleis7.ch',
  language: 'de',
  isPaid: false,
  currentPeriodInvoiceId: null,
  version: 1,
  ...fields,
});

const gleis = subscription(5);

const invoice = (id: number, fields: Partial<Invoice> = {}): Invoice => ({
  id,
  number: `2026-0004${id}`,
  kind: 'INVOICE',
  partner: { kind: 'ESTABLISHMENT', id: 3, name: 'Gleis 7 Club', address },
  lines: [
    {
      description: 'Pro, 01.11.2026 – 30.11.2026',
      quantity: 1,
      unitCentimes: 4990,
      amountCentimes: 4990,
    },
  ],
  subtotalCentimes: 4990,
  vatRate: 8.1,
  vatCentimes: 404,
  roundingCentimes: 1,
  totalCentimes: 5395,
  currency: 'CHF',
  status: 'OPEN',
  issuedOn: '2026-11-01',
  dueOn: '2026-12-01',
  subscriptionId: gleis.id,
  periodStart: '2026-11-01',
  periodEnd: '2026-11-30',
  reference: '210000000003139471430009017',
  language: 'de',
  creditsInvoiceId: null,
  creditNoteId: null,
  paidOn: null,
  remindersSent: 0,
  lastReminderOn: null,
  version: 1,
  ...fields,
});

const venue = (id: number, establishmentName: string, city: string, email: string | null) =>
  ({
    id,
    establishmentId: id,
    generalInfos: { establishmentName, city, email },
    visibility: 'PUBLISHED',
  }) as unknown as Establishment;

const VENUES = [venue(3, 'Gleis 7 Club', 'Zürich', 'hello@gleis7.ch'), venue(4, 'Bar du Port', 'Genève', null)];

const NO_STORE = { 'Cache-Control': 'no-store' };

interface Recorded {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}

/**
 * The billing API of the contract, over records held here: lists (getMany by `filter.id`), one record, creates,
 * updates and the invoices' member actions; every write recorded with its body and headers.
 */
const serveBilling = ({
  plans = [pro, basic, retired],
  subscriptions = [gleis],
  invoices = [invoice(1)],
}: { plans?: Plan[]; subscriptions?: Subscription[]; invoices?: Invoice[] } = {}) => {
  const store = { plans: [...plans], subscriptions: [...subscriptions], invoices: [...invoices] };
  const writes: Recorded[] = [];
  const listFilters: Record<string, Record<string, unknown>[]> = { plans: [], subscriptions: [], invoices: [] };
  const record = async (request: Request, path: string) => {
    const text = await request.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // A file's text (the camt.054 import).
    }
    writes.push({ method: request.method, path, body, headers: request.headers });
    return body as Record<string, unknown>;
  };
  for (const resource of ['plans', 'subscriptions', 'invoices'] as const) {
    server.use(
      http.get(apiUrl(`/${resource}`), ({ request }) => {
        const filter = filterOf(request);
        listFilters[resource]!.push(filter);
        const records = store[resource] as { id: number; isActive?: boolean }[];
        const ids = filter.id;
        const wanted = records.filter(
          (item) =>
            (ids === undefined || [ids].flat().includes(item.id)) &&
            (filter.isActive === undefined || item.isActive === filter.isActive),
        );
        return listAnswer(resource, wanted);
      }),
      http.get(apiUrl(`/${resource}/:id`), ({ params }) => {
        const found = (store[resource] as { id: number }[]).find((item) => String(item.id) === params.id);
        // As the API answers every request (server/app.ts): the test DOM's HTTP cache keeps nothing.
        return found
          ? HttpResponse.json(found, { headers: NO_STORE })
          : HttpResponse.json({ message: 'Not found' }, { status: 404, headers: NO_STORE });
      }),
    );
  }
  server.use(
    http.post(apiUrl('/plans'), async ({ request }) => {
      const body = await record(request, '/plans');
      const created = { ...(body as unknown as Plan), id: 9, activeSubscriptions: 0, version: 1 };
      store.plans.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.post(apiUrl('/subscriptions'), async ({ request }) => {
      const body = await record(request, '/subscriptions');
      const created = subscription(6, {
        ...(body as Partial<Subscription>),
        partner: { kind: 'ESTABLISHMENT', id: 4, name: 'Bar du Port' },
      });
      store.subscriptions.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put(apiUrl('/subscriptions/:id'), async ({ request, params }) => {
      const body = await record(request, `/subscriptions/${String(params.id)}`);
      const found = store.subscriptions.find((item) => String(item.id) === params.id)!;
      const updated = {
        ...found,
        nextPlanId: body.planId === found.planId ? null : (body.planId as number),
        cancelAtPeriodEnd: body.cancelAtPeriodEnd as boolean,
        endsOn: body.cancelAtPeriodEnd ? found.currentPeriodEnd : null,
        version: found.version + 1,
      };
      store.subscriptions = store.subscriptions.map((item) => (item.id === updated.id ? updated : item));
      return HttpResponse.json(updated);
    }),
    http.post(apiUrl('/invoices'), async ({ request }) => {
      const body = await record(request, '/invoices');
      const created = invoice(7, { subscriptionId: body.subscriptionId as number, number: '2026-00047' });
      store.invoices.unshift(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.post(apiUrl('/invoices/payments-import'), async ({ request }) => {
      await record(request, '/invoices/payments-import');
      const reply: PaymentImportReply = {
        matched: [
          {
            invoiceId: 1,
            number: '2026-00041',
            reference: invoice(1).reference,
            amountCentimes: 5395,
            paidOn: '2026-11-20',
          },
        ],
        unmatched: [
          { reference: 'RF18539007547034', amountCentimes: 10000, bookedOn: '2026-11-21', reason: 'UNKNOWN_REFERENCE' },
          { reference: '210000000003139471430009025', amountCentimes: 100, bookedOn: null, reason: 'AMOUNT_MISMATCH' },
        ],
      };
      return HttpResponse.json(reply);
    }),
    http.post(apiUrl('/invoices/:id/:action'), async ({ request, params }) => {
      const body = await record(request, `/invoices/${String(params.id)}/${String(params.action)}`);
      const found = store.invoices.find((item) => String(item.id) === params.id)!;
      if (params.action === 'mark-paid') {
        const paid = { ...found, status: 'PAID' as const, paidOn: body.paidOn as string, version: found.version + 1 };
        store.invoices = store.invoices.map((item) => (item.id === paid.id ? paid : item));
        return HttpResponse.json(paid);
      }
      if (params.action === 'send-reminder') {
        const reminded = { ...found, remindersSent: found.remindersSent + 1, lastReminderOn: '2026-12-10' };
        store.invoices = store.invoices.map((item) => (item.id === reminded.id ? reminded : item));
        return HttpResponse.json(reminded);
      }
      const creditNote = invoice(8, { kind: 'CREDIT_NOTE', number: '2026-00048', creditsInvoiceId: found.id });
      store.invoices = [
        creditNote,
        ...store.invoices.map((item) =>
          item.id === found.id ? { ...item, status: 'CANCELLED' as const, creditNoteId: 8 } : item,
        ),
      ];
      return HttpResponse.json(creditNote, { status: 201 });
    }),
    http.get(apiUrl('/establishments'), ({ request }) => {
      const { q, id } = filterOf(request);
      return listAnswer(
        'establishments',
        VENUES.filter(
          (item) =>
            (typeof q !== 'string' || item.generalInfos.establishmentName.toLowerCase().includes(q.toLowerCase())) &&
            (id === undefined || [id].flat().includes(item.id)),
        ),
      );
    }),
    http.get(apiUrl('/establishments/:id'), ({ params }) =>
      HttpResponse.json(VENUES.find((item) => String(item.id) === params.id)),
    ),
    http.get(apiUrl('/promoters'), () => listAnswer('promoters', [])),
  );
  return { store, writes, listFilters };
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
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const click = HTMLAnchorElement.prototype.click;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = linked.get(this.getAttribute('href') ?? '');
    if (blob && this.download) downloads.push({ blob, fileName: this.download });
    else click.call(this);
  });
};

afterEach(() => {
  vi.restoreAllMocks();
});

const openAsRoot = (path: string) => {
  startSignedIn(ana);
  renderApp(path);
  return userEvent.setup();
};

const rowOf = async (text: string) => (await screen.findByText(text, {}, SLOW_RENDER)).closest('tr') as HTMLElement;

describe('billing for ROOT', () => {
  it('keeps each tab at its address and lists the invoices with their status and amount in CHF', async () => {
    serveBilling({ invoices: [invoice(1), invoice(2, { status: 'OVERDUE', number: '2026-00042' })] });
    const actor = openAsRoot('/billing');
    const row = await rowOf('2026-00042');
    expect(within(row).getByText('Overdue')).toBeInTheDocument();
    expect(within(row).getByText('CHF 53.95')).toBeInTheDocument();
    expect(within(row).getByText('01/11/2026')).toBeInTheDocument();
    expect(within(await rowOf('2026-00041')).getByText('Open')).toBeInTheDocument();

    await actor.click(screen.getByRole('tab', { name: 'Plans' }));
    await waitFor(() => expect(currentPath()).toBe('/billing/plans'));
    const proRow = await rowOf('Pro');
    expect(within(proRow).getByText('CHF 49.90 / month')).toBeInTheDocument();
    expect(within(proRow).getByText('3 exclusive offers a month')).toBeInTheDocument();
    await actor.click(screen.getByRole('tab', { name: 'Subscriptions' }));
    await waitFor(() => expect(currentPath()).toBe('/billing/subscriptions'));
    expect(await rowOf('Gleis 7 Club')).toBeInTheDocument();
  });

  it('sends the invoice filters: search and status (overdue too)', async () => {
    const api = serveBilling();
    const actor = openAsRoot('/billing/invoices');
    await rowOf('2026-00041');
    await actor.type(screen.getByPlaceholderText('Search'), 'gleis');
    await waitFor(() => expect(api.listFilters.invoices!.at(-1)).toEqual({ q: 'gleis' }));
    await actor.click(screen.getByRole('combobox', { name: 'Status' }));
    await actor.click(await screen.findByRole('option', { name: 'Overdue' }));
    await waitFor(() => expect(api.listFilters.invoices!.at(-1)).toEqual({ q: 'gleis', status: 'OVERDUE' }));
  });

  it('creates a plan with its names in four languages and its price typed in francs, sent in centimes', async () => {
    const api = serveBilling();
    const actor = openAsRoot('/billing/plans/create');
    const drawer = within(await screen.findByRole('dialog', {}, SLOW_RENDER));
    await actor.type(drawer.getByLabelText('Name (English)'), 'Premium');
    await actor.type(drawer.getByLabelText('Name (French)'), 'Premium FR');
    await actor.type(drawer.getByLabelText('Name (German)'), 'Premium DE');
    await actor.type(drawer.getByLabelText('Name (Italian)'), 'Premium IT');
    await actor.type(drawer.getByLabelText('Price (CHF)'), '490.35');
    await actor.click(drawer.getByRole('combobox', { name: 'Billed' }));
    await actor.click(await screen.findByRole('option', { name: 'Yearly' }));
    await actor.click(drawer.getByLabelText('“Pro” logo in the widget'));
    await actor.type(drawer.getByLabelText('Exclusive offers per month'), '5');
    await actor.click(drawer.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.writes.filter((write) => write.path === '/plans')).toHaveLength(1));
    expect(api.writes[0]!.body).toEqual({
      name: { en: 'Premium', fr: 'Premium FR', de: 'Premium DE', it: 'Premium IT' },
      description: null,
      priceCentimes: 49035,
      interval: 'YEAR',
      features: { proLogo: true, exclusiveOffersPerMonth: 5 },
      isActive: true,
    });
    await waitFor(() => expect(currentPath()).toBe('/billing/plans'));
  });

  it('creates a subscription for an establishment, its address filled from the venue, on an active plan', async () => {
    const api = serveBilling();
    const actor = openAsRoot('/billing/subscriptions/create');
    const drawer = within(await screen.findByRole('dialog', {}, SLOW_RENDER));
    await actor.type(drawer.getByRole('combobox', { name: 'Establishment' }), 'gleis');
    await actor.click(await screen.findByRole('option', { name: 'Gleis 7 Club' }));
    await waitFor(() => expect(drawer.getByLabelText('Name on the invoice')).toHaveValue('Gleis 7 Club'));
    expect(drawer.getByLabelText('Town')).toHaveValue('Zürich');
    expect(drawer.getByLabelText('Invoice e-mail')).toHaveValue('hello@gleis7.ch');

    await actor.click(drawer.getByRole('combobox', { name: 'Plan' }));
    const options = await screen.findAllByRole('option');
    // Only the plans offered: the retired one is not.
    expect(options.map((option) => option.textContent)).not.toContain('Legacy');
    await actor.click(await screen.findByRole('option', { name: 'Basic' }));
    await actor.type(drawer.getByLabelText('Street'), 'Gleisstrasse');
    await actor.type(drawer.getByLabelText('Number'), '7');
    await actor.type(drawer.getByLabelText('Postal code'), '8005');
    await actor.click(drawer.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.writes.filter((write) => write.path === '/subscriptions')).toHaveLength(1));
    expect(api.writes[0]!.body).toEqual({
      partner: { kind: 'ESTABLISHMENT', id: 3 },
      planId: basic.id,
      billingAddress: {
        name: 'Gleis 7 Club',
        street: 'Gleisstrasse',
        buildingNumber: '7',
        postalCode: '8005',
        town: 'Zürich',
        country: 'CH',
      },
      invoiceEmail: 'hello@gleis7.ch',
      language: 'de',
    });
  });

  it('changes the plan from the next period and cancels at the period end, with the end date shown', async () => {
    const api = serveBilling();
    const actor = openAsRoot(`/billing/subscriptions/${gleis.id}`);
    const drawer = within(await screen.findByRole('dialog', {}, SLOW_RENDER));
    await actor.click(await drawer.findByRole('combobox', { name: 'Plan' }));
    await actor.click(await screen.findByRole('option', { name: 'Basic' }));
    await actor.click(drawer.getByLabelText('Cancel at the end of the period'));
    expect(await drawer.findByText('The subscription will end on 30/11/2026.')).toBeInTheDocument();
    await actor.click(drawer.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.writes).toHaveLength(1));
    expect(api.writes[0]).toMatchObject({
      method: 'PUT',
      path: `/subscriptions/${gleis.id}`,
      body: { planId: basic.id, cancelAtPeriodEnd: true, billingAddress: address, version: 1 },
    });
  });

  it('offers no new invoice for a period whose invoice stands', async () => {
    const invoiced = subscription(8, {
      partner: { kind: 'ESTABLISHMENT', id: 4, name: 'Club Le Seujet' },
      currentPeriodInvoiceId: 9,
    });
    serveBilling({ subscriptions: [gleis, invoiced] });
    openAsRoot('/billing/subscriptions');
    expect(
      within(await rowOf('Gleis 7 Club')).getByRole('button', { name: 'Create invoice: Gleis 7 Club' }),
    ).toBeVisible();
    expect(within(await rowOf('Club Le Seujet')).queryByRole('button', { name: /Create invoice/ })).toBeNull();
  });

  it('creates the invoice of a subscription, opens it and marks it paid on the day chosen', async () => {
    const api = serveBilling();
    const actor = openAsRoot('/billing/subscriptions');
    const row = await rowOf('Gleis 7 Club');
    await actor.click(within(row).getByRole('button', { name: 'Create invoice: Gleis 7 Club' }));

    await waitFor(() => expect(api.writes[0]).toMatchObject({ path: '/invoices', body: { subscriptionId: gleis.id } }));
    await waitFor(() => expect(currentPath()).toBe('/billing/invoices/7'));
    const drawer = within(await screen.findByRole('dialog', {}, SLOW_RENDER));
    expect(await drawer.findByText('21 00000 00003 13947 14300 09017')).toBeInTheDocument();
    const totals = within(drawer.getByRole('table', { name: 'Totals' }));
    expect(totals.getByText('VAT 8.1 %')).toBeInTheDocument();
    expect(totals.getByText('CHF 4.04')).toBeInTheDocument();
    expect(totals.getByText('CHF 0.01')).toBeInTheDocument();
    expect(totals.getByText('CHF 53.95')).toBeInTheDocument();

    await actor.click(drawer.getByRole('button', { name: 'Mark paid' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Mark the invoice paid' }));
    const paidOn = dialog.getByLabelText('Paid on');
    const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Zurich' }).format(new Date());
    expect(paidOn).toHaveValue(today);
    await actor.clear(paidOn);
    await actor.type(paidOn, '20/11/2026');
    await actor.click(dialog.getByRole('button', { name: 'Mark paid' }));

    await waitFor(() => expect(api.writes).toHaveLength(2));
    expect(api.writes[1]).toMatchObject({ path: '/invoices/7/mark-paid', body: { paidOn: '2026-11-20', version: 1 } });
    expect(await screen.findByText('Invoice 2026-00047 is paid.')).toBeInTheDocument();
    expect(await drawer.findByText('Paid on')).toBeInTheDocument();
  });

  it('sends a reminder for an overdue invoice only, and cancels one with a credit note and its reason', async () => {
    const api = serveBilling({ invoices: [invoice(1), invoice(2, { status: 'OVERDUE', number: '2026-00042' })] });
    const actor = openAsRoot('/billing/invoices/1');
    let drawer = within(await screen.findByRole('dialog', {}, SLOW_RENDER));
    expect(await drawer.findByRole('button', { name: 'Mark paid' })).toBeInTheDocument();
    expect(drawer.queryByRole('button', { name: 'Send reminder' })).not.toBeInTheDocument();

    await actor.click(await screen.findByText('2026-00042'));
    await waitFor(() => expect(currentPath()).toBe('/billing/invoices/2'));
    drawer = within(await screen.findByRole('dialog', {}, SLOW_RENDER));
    await actor.click(await drawer.findByRole('button', { name: 'Send reminder' }));
    await waitFor(() => expect(api.writes).toHaveLength(1));
    expect(api.writes[0]).toMatchObject({ path: '/invoices/2/send-reminder', body: { version: 1 } });
    expect(await screen.findByText('A reminder for invoice 2026-00042 was sent.')).toBeInTheDocument();

    await actor.click(drawer.getByRole('button', { name: 'Credit note' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel the invoice with a credit note' }));
    await actor.click(dialog.getByRole('button', { name: 'Create credit note' }));
    expect(dialog.getByText('Say why the invoice is cancelled.')).toBeInTheDocument();
    await actor.type(dialog.getByLabelText(/Reason/), 'Wrong plan invoiced');
    await actor.click(dialog.getByRole('button', { name: 'Create credit note' }));
    await waitFor(() => expect(api.writes).toHaveLength(2));
    expect(api.writes[1]).toMatchObject({
      path: '/invoices/2/credit-note',
      body: { reason: 'Wrong plan invoiced', version: 1 },
    });
    expect(await screen.findByText('Credit note 2026-00048 created.')).toBeInTheDocument();
  });

  it('downloads the PDF with the session’s token and saves it under the server’s file name', async () => {
    serveBilling();
    const authorizations: (string | null)[] = [];
    server.use(
      http.get(apiUrl('/invoices/:id/pdf'), ({ request }) => {
        authorizations.push(request.headers.get('Authorization'));
        return new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="invoice-2026-00041.pdf"',
          },
        });
      }),
    );
    const actor = openAsRoot('/billing/invoices');
    const row = await rowOf('2026-00041');
    catchDownloads();
    await actor.click(within(row).getByRole('button', { name: 'Download PDF 2026-00041' }));

    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(authorizations).toEqual(['Bearer access-token-of-the-test']);
    expect(downloads[0]!.fileName).toBe('invoice-2026-00041.pdf');
    expect(downloads[0]!.blob.type).toBe('application/pdf');
    expect(new Uint8Array(await downloads[0]!.blob.arrayBuffer())).toEqual(new Uint8Array([0x25, 0x50, 0x44, 0x46]));
    // The row's button downloads without opening the invoice.
    expect(currentPath()).toBe('/billing/invoices');
  });

  it('imports a camt.054 file as XML and lists what it paid and what matched nothing, with the reasons', async () => {
    const api = serveBilling();
    const actor = openAsRoot('/billing/invoices');
    await rowOf('2026-00041');
    await actor.click(screen.getByRole('button', { name: 'Import payments' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Import payments (camt.054)' }));
    const xml = '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"/>';
    await actor.upload(dialog.getByLabelText('camt.054 file'), new File([xml], 'camt054.xml', { type: 'text/xml' }));
    await actor.click(dialog.getByRole('button', { name: 'Import' }));

    await waitFor(() => expect(api.writes).toHaveLength(1));
    expect(api.writes[0]!.body).toBe(xml);
    expect(api.writes[0]!.headers.get('Content-Type')).toMatch(/^application\/xml/);
    expect(await dialog.findByText('One invoice paid')).toBeInTheDocument();
    const paid = within(dialog.getByRole('list', { name: 'Invoices paid' }));
    expect(paid.getByText('2026-00041 · CHF 53.95')).toBeInTheDocument();
    expect(paid.getByText('Paid on 20/11/2026')).toBeInTheDocument();
    const unmatched = within(dialog.getByRole('list', { name: 'Payments not matched' }));
    expect(unmatched.getByText('RF18 5390 0754 7034 · CHF 100.00')).toBeInTheDocument();
    expect(unmatched.getByText('No invoice has this reference · 21/11/2026')).toBeInTheDocument();
    expect(unmatched.getByText('The amount differs from the invoice’s total')).toBeInTheDocument();
  });

  it('says a refusal of the server (409) in the user’s language', async () => {
    serveBilling();
    server.use(
      http.post(apiUrl('/invoices'), () => HttpResponse.json({ message: 'ALREADY_INVOICED' }, { status: 409 })),
    );
    const actor = openAsRoot('/billing/subscriptions');
    const row = await rowOf('Gleis 7 Club');
    await actor.click(within(row).getByRole('button', { name: 'Create invoice: Gleis 7 Club' }));
    expect(await screen.findByText('This period already has an invoice.')).toBeInTheDocument();
    expect(currentPath()).toBe('/billing/subscriptions');
  });
});

describe('billing for a partner', () => {
  it('shows an ADMIN its subscription and its invoices, with the PDF and none of ROOT’s actions', async () => {
    serveBilling({
      subscriptions: [paidGleis()],
      invoices: [invoice(1, { status: 'PAID', paidOn: '2026-11-03' })],
    });
    startSignedIn(venueAdmin);
    renderApp('/billing');
    const card = within(await screen.findByRole('region', { name: 'Subscription' }, SLOW_RENDER));
    expect(await card.findByRole('heading', { name: 'Pro' })).toBeInTheDocument();
    expect(card.getByText('Paid')).toBeInTheDocument();
    expect(card.getByText('CHF 49.90 / month')).toBeInTheDocument();
    expect(card.getByText('01/11/2026 – 30/11/2026')).toBeInTheDocument();
    expect(await card.findByText('Basic from 30/11/2026')).toBeInTheDocument();

    const row = await rowOf('2026-00041');
    expect(within(row).getByRole('button', { name: 'Download PDF 2026-00041' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import payments' })).not.toBeInTheDocument();

    await userEvent.click(row);
    const drawer = within(await screen.findByRole('dialog', {}, SLOW_RENDER));
    expect(await drawer.findByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(drawer.queryByRole('button', { name: 'Mark paid' })).not.toBeInTheDocument();
    expect(drawer.queryByRole('button', { name: 'Credit note' })).not.toBeInTheDocument();
    expect(currentPath()).toBe('/billing/invoices/1');
  });
});

describe('billing on a phone', () => {
  it('lists ROOT’s invoices without a table, each with its amount, and a tap opens one', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
      staticMediaQueryList(query, query.includes('max-width')),
    );
    serveBilling();
    const actor = openAsRoot('/billing/invoices');
    const item = await screen.findByText('2026-00041 · CHF 53.95', {}, SLOW_RENDER);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await actor.click(item);
    await waitFor(() => expect(currentPath()).toBe('/billing/invoices/1'));
    const drawer = within(await screen.findByRole('dialog', {}, SLOW_RENDER));
    expect(await drawer.findByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
  });
});

function paidGleis(): Subscription {
  return subscription(5, { isPaid: true, nextPlanId: basic.id });
}
