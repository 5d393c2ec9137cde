import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, PaymentImportReply, Subscription } from '../../domain/billing';
import { zurichToday } from '../../domain/statistics';
import { DEMO_BILLING_CREDITOR } from '../../server/config';
import { auditLog, invoicePayments, invoices } from '../../server/db/schema';
import { checkQrBillPayload, decodeQrBillOfPdf, pdfPageTexts } from '../support/invoiceQr';
import { insertThrowawayEstablishment, seededScopes, type SeededScopes } from './authorizationMatrix';
import { insertTestPlan, TEST_ADDRESS } from './billingFixtures';
import {
  errorsOf,
  jsonParam,
  mailsTo,
  signIn,
  startTestServer,
  TEST_PUBLIC_URL,
  userRow,
  type TestServer,
} from './harness';

/**
 * The billing's documents through the API (docs/billing.md): the invoice PDF with its QR-bill, downloaded by the
 * partner it bills and nobody else; the invoice and reminder mails with the PDF attached; the import of a bank's
 * camt.054 file, which pays each invoice once whatever the number of imports.
 */

let server: TestServer;
let scopes: SeededScopes;
const tokens: Record<string, string> = {};
const today = zurichToday();

beforeAll(async () => {
  server = await startTestServer();
  scopes = await seededScopes(server.db);
  for (const email of ['root@demo.ch', 'admin@demo.ch', 'admin2@demo.ch', 'customer@demo.ch', 'promoter@demo.ch'])
    tokens[email] = (await signIn(server.app, email)).accessToken;
});
afterAll(() => server.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: object | string, email = 'root@demo.ch', contentType?: string) =>
  server.app.inject({
    method,
    url: `/api/v1${url}`,
    payload,
    headers: { authorization: `Bearer ${tokens[email]}`, ...(contentType ? { 'content-type': contentType } : {}) },
  });
const ok = <T>(response: LightMyRequestResponse, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
};

/** An invoiced subscription of a venue (a new one, or the first establishment). */
async function invoiced(options: { venue?: number; price?: number; language?: string } = {}) {
  const venue = options.venue ?? (await insertThrowawayEstablishment(server.db, scopes));
  const planId = await insertTestPlan(server.db, { priceCentimes: options.price ?? 7900 });
  const subscription = ok<Subscription>(
    await call('POST', '/subscriptions', {
      partner: { kind: 'ESTABLISHMENT', id: venue },
      planId,
      billingAddress: TEST_ADDRESS,
      invoiceEmail: `billing-${venue}@venue.example.ch`,
      language: options.language ?? 'de',
    }),
    201,
  );
  const invoice = ok<Invoice>(await call('POST', '/invoices', { subscriptionId: subscription.id }), 201);
  return { venue, subscription, invoice };
}

/** An open invoice of admin@demo.ch's venue: the seed's, or one of a new subscription. */
async function openInvoiceOfFirstVenue(): Promise<Invoice> {
  const filter = jsonParam({ establishmentId: scopes.firstEstablishmentId, kind: 'INVOICE', status: 'OPEN' });
  const [seeded] = ok<Invoice[]>(await call('GET', `/invoices?filter=${filter}`));
  return seeded ?? (await invoiced({ venue: scopes.firstEstablishmentId, price: 4901 })).invoice;
}

describe('GET /invoices/:id/pdf', () => {
  it('gives the partner its invoice with a QR-bill that pays it, and nobody outside the scope', async () => {
    const invoice = await openInvoiceOfFirstVenue();
    const response = await call('GET', `/invoices/${invoice.id}/pdf`, undefined, 'admin@demo.ch');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="invoice-${invoice.number}.pdf"`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(String(response.headers['content-security-policy'])).toContain("default-src 'none'");
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const payload = checkQrBillPayload(await decodeQrBillOfPdf(pdf));
    expect(payload).toMatchObject({
      iban: DEMO_BILLING_CREDITOR.iban,
      amount: (invoice.totalCentimes / 100).toFixed(2),
      currency: 'CHF',
      referenceType: 'QRR',
      reference: invoice.reference,
    });
    expect(payload.creditor).toMatchObject({
      name: DEMO_BILLING_CREDITOR.name,
      postalCode: DEMO_BILLING_CREDITOR.postalCode,
      town: DEMO_BILLING_CREDITOR.town,
    });
    expect((await pdfPageTexts(pdf)).join(' ')).toContain(invoice.number);

    expect((await call('GET', `/invoices/${invoice.id}/pdf`, undefined, 'admin2@demo.ch')).statusCode).toBe(404);
    expect((await call('GET', `/invoices/${invoice.id}/pdf`, undefined, 'promoter@demo.ch')).statusCode).toBe(404);
    expect((await call('GET', `/invoices/${invoice.id}/pdf`, undefined, 'customer@demo.ch')).statusCode).toBe(403);
    expect((await call('GET', '/invoices/999999/pdf')).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: `/api/v1/invoices/${invoice.id}/pdf` })).statusCode).toBe(
      401,
    );
  });

  it('names a credit note credit-note-…, without a payment part', async () => {
    const { invoice } = await invoiced();
    const note = ok<Invoice>(await call('POST', `/invoices/${invoice.id}/credit-note`, { reason: 'Wrong' }), 201);
    const response = await call('GET', `/invoices/${note.id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="credit-note-${note.number}.pdf"`);
    await expect(decodeQrBillOfPdf(response.rawPayload)).rejects.toThrow();
  });
});

describe('mails', () => {
  it('mails a new invoice and a reminder to the invoice address, in its language, the PDF attached', async () => {
    const { subscription, invoice } = await invoiced({ language: 'fr' });
    await server.app.background.idle();
    const [mail] = await mailsTo(server.db, subscription.invoiceEmail, 'invoice');
    expect(mail).toMatchObject({ language: 'fr' });
    expect(mail.subject).toContain(invoice.number);
    expect(mail.textBody).toContain(`${TEST_PUBLIC_URL}/billing`);
    expect(mail.attachments).toEqual([
      { filename: `invoice-${invoice.number}.pdf`, contentType: 'application/pdf', bytes: expect.any(Number) },
    ]);
    expect((mail.attachments as { bytes: number }[])[0].bytes).toBeGreaterThan(1000);

    await server.db
      .update(invoices)
      .set({ issuedOn: '2026-01-01', dueOn: '2026-01-31' })
      .where(eq(invoices.id, invoice.id));
    ok(await call('POST', `/invoices/${invoice.id}/send-reminder`, {}));
    await server.app.background.idle();
    const [reminder] = await mailsTo(server.db, subscription.invoiceEmail, 'invoiceReminder');
    expect(reminder.subject).toContain(invoice.number);
    expect(reminder.attachments).toHaveLength(1);
  });
});

describe('POST /invoices/payments-import', () => {
  const entry = (reference: string, amount: string, accountServicerReference: string | null, bookedOn = today) => `
      <Ntry>
        <Amt Ccy="CHF">${amount}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${bookedOn}</Dt></BookgDt>
        ${accountServicerReference ? `<AcctSvcrRef>${accountServicerReference}</AcctSvcrRef>` : ''}
        <NtryDtls><TxDtls>
          <Amt Ccy="CHF">${amount}</Amt>
          <RmtInf><Strd><CdtrRefInf><Ref>${reference}</Ref></CdtrRefInf></Strd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>`;
  const camt = (entries: string[]) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>TEST-${Math.random()}</MsgId><CreDtTm>${today}T06:00:00+01:00</CreDtTm></GrpHdr>
    <Ntfctn>
      <Id>N1</Id>
      <Acct><Id><IBAN>${DEMO_BILLING_CREDITOR.iban}</IBAN></Id></Acct>
      ${entries.join('\n')}
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>`;
  const upload = (xml: string, email = 'root@demo.ch', type = 'application/xml') =>
    call('POST', '/invoices/payments-import', xml, email, type);
  const chf = (centimes: number) => (centimes / 100).toFixed(2);

  it('pays the invoices whose reference and amount match, once, and lists the others with their reason', async () => {
    const paid = (await invoiced({ price: 4900 })).invoice;
    const paidWithoutBankReference = (await invoiced({ price: 1000 })).invoice;
    const wrongAmount = (await invoiced({ price: 2000 })).invoice;
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const xml = camt([
      entry(paid.reference.replace(/(.{5})/g, '$1 '), chf(paid.totalCentimes), `BANK-${paid.id}`, yesterday),
      entry(paidWithoutBankReference.reference, chf(paidWithoutBankReference.totalCentimes), null),
      entry(wrongAmount.reference, chf(wrongAmount.totalCentimes - 5), `BANK-${wrongAmount.id}`),
      entry('000000000000000009999999999', '10.00', 'BANK-UNKNOWN'),
    ]);
    const reply = ok<PaymentImportReply>(await upload(xml));
    expect(reply.matched).toEqual([
      {
        invoiceId: paid.id,
        number: paid.number,
        reference: paid.reference,
        amountCentimes: paid.totalCentimes,
        paidOn: yesterday,
      },
      {
        invoiceId: paidWithoutBankReference.id,
        number: paidWithoutBankReference.number,
        reference: paidWithoutBankReference.reference,
        amountCentimes: paidWithoutBankReference.totalCentimes,
        paidOn: today,
      },
    ]);
    expect(reply.unmatched).toEqual([
      {
        reference: wrongAmount.reference,
        amountCentimes: wrongAmount.totalCentimes - 5,
        bookedOn: today,
        reason: 'AMOUNT_MISMATCH',
      },
      { reference: '000000000000000009999999999', amountCentimes: 1000, bookedOn: today, reason: 'UNKNOWN_REFERENCE' },
    ]);
    expect(ok<Invoice>(await call('GET', `/invoices/${paid.id}`))).toMatchObject({ status: 'PAID', paidOn: yesterday });
    expect(ok<Invoice>(await call('GET', `/invoices/${wrongAmount.id}`)).status).toBe('OPEN');
    const [payment] = await server.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, paid.id));
    expect(payment).toMatchObject({ source: 'CAMT054', bankEntryReference: `BANK-${paid.id}`, paidOn: yesterday });
    const audits = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordId, String(paid.id)));
    expect(audits.some((row) => row.resource === 'invoices' && row.action === 'MARK_PAID')).toBe(true);

    // The same file again, and twice at once: nothing is paid twice.
    const again = await Promise.all([upload(xml), upload(xml)]);
    for (const answer of again) {
      const body = ok<PaymentImportReply>(answer);
      expect(body.matched).toEqual([]);
      expect(body.unmatched.filter((item) => item.reason === 'NOT_OPEN')).toHaveLength(2);
    }
    for (const id of [paid.id, paidWithoutBankReference.id])
      expect(await server.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, id))).toHaveLength(1);
  });

  it('refuses what is not a camt.054 file (400 on file), another content type (415), and partners (403)', async () => {
    const notCamt = await upload(
      '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"/>',
    );
    expect(notCamt.statusCode).toBe(400);
    expect(errorsOf(notCamt)).toHaveProperty('file');
    const broken = await upload('<Document><unclosed></Document>', 'root@demo.ch', 'text/xml');
    expect(broken.statusCode).toBe(400);
    expect(errorsOf(broken)).toHaveProperty('file');
    const json = await call('POST', '/invoices/payments-import', { file: 'x' });
    expect(json.statusCode).toBe(415);
    const plain = await call('POST', '/invoices/payments-import', 'hello', 'root@demo.ch', 'text/plain');
    expect(plain.statusCode).toBe(415);
    const admin = await upload(camt([]), 'admin@demo.ch');
    expect(admin.statusCode).toBe(403);
    const tooLarge = await upload(`<!--${'x'.repeat(5_000_001)}-->`);
    expect(tooLarge.statusCode).toBe(413);
    expect(ok<PaymentImportReply>(await upload(camt([])))).toEqual({ matched: [], unmatched: [] });
  });
});

it('the admin reads its establishment’s billing link on its own user', async () => {
  const admin = await userRow(server.db, 'admin@demo.ch');
  expect(admin.billingLink).toBe(`${TEST_PUBLIC_URL}/billing`);
});
