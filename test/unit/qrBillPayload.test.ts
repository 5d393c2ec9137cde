import { describe, expect, it } from 'vitest';
import { checkQrBillPayload, QrBillPayloadError } from '../support/invoiceQr';

/** A valid payload (IG QR-bill 2.3): QR-IBAN, QR reference, structured addresses, amount, message. */
const VALID_LINES = [
  'SPC',
  '0200',
  '1',
  'CH4431999123000889012',
  'S',
  'Venue Back Office AG',
  'Bahnhofstrasse',
  '1',
  '8001',
  'Zürich',
  'CH',
  '',
  '',
  '',
  '',
  '',
  '',
  '',
  '85.40',
  'CHF',
  'S',
  'Gleis 7 Club',
  'Zollstrasse',
  '7',
  '8005',
  'Zürich',
  'CH',
  'QRR',
  '000000000000000002026000429',
  '2026-00042',
  'EPD',
];

/** Index of each element in the payload. */
const AT = {
  version: 1,
  iban: 3,
  creditorType: 4,
  creditorName: 5,
  creditorPostalCode: 8,
  creditorCountry: 10,
  ultimateCreditorName: 12,
  amount: 18,
  currency: 19,
  debtorType: 20,
  debtorTown: 25,
  referenceType: 27,
  reference: 28,
  message: 29,
  trailer: 30,
} as const;

const payloadWith = (changes: Partial<Record<number, string>>, lines = VALID_LINES) =>
  lines.map((line, index) => changes[index] ?? line).join('\n');

describe('QR-bill payload check', () => {
  it('reads a valid payload', () => {
    expect(checkQrBillPayload(VALID_LINES.join('\n'))).toEqual({
      iban: 'CH4431999123000889012',
      creditor: {
        name: 'Venue Back Office AG',
        street: 'Bahnhofstrasse',
        buildingNumber: '1',
        postalCode: '8001',
        town: 'Zürich',
        country: 'CH',
      },
      amount: '85.40',
      currency: 'CHF',
      debtor: {
        name: 'Gleis 7 Club',
        street: 'Zollstrasse',
        buildingNumber: '7',
        postalCode: '8005',
        town: 'Zürich',
        country: 'CH',
      },
      referenceType: 'QRR',
      reference: '000000000000000002026000429',
      message: '2026-00042',
      billInformation: null,
      alternativeSchemes: [],
    });
  });

  it('accepts a plain IBAN with an RF reference or none, an open amount, no debtor, EUR and CRLF lines', () => {
    const scor = payloadWith({
      [AT.iban]: 'CH9300762011623852957',
      [AT.referenceType]: 'SCOR',
      [AT.reference]: 'RF18539007547034',
    });
    expect(checkQrBillPayload(scor)).toMatchObject({ referenceType: 'SCOR', reference: 'RF18539007547034' });
    const non = payloadWith({ [AT.iban]: 'CH9300762011623852957', [AT.referenceType]: 'NON', [AT.reference]: '' });
    expect(checkQrBillPayload(non)).toMatchObject({ referenceType: 'NON', reference: null });
    const open = payloadWith({
      [AT.amount]: '',
      [AT.currency]: 'EUR',
      20: '',
      21: '',
      22: '',
      23: '',
      24: '',
      25: '',
      26: '',
    });
    expect(checkQrBillPayload(open)).toMatchObject({ amount: null, currency: 'EUR', debtor: null });
    expect(checkQrBillPayload(VALID_LINES.join('\r\n')).amount).toBe('85.40');
    const withBillInformation = [...VALID_LINES, '//S1/10/2026-00042', 'eBill/B/billing@example.ch'].join('\n');
    expect(checkQrBillPayload(withBillInformation)).toMatchObject({
      billInformation: '//S1/10/2026-00042',
      alternativeSchemes: ['eBill/B/billing@example.ch'],
    });
  });

  const broken: [string, string, RegExp][] = [
    ['another QR type', payloadWith({ 0: 'SPX' }), /QR type/],
    ['version 0100', payloadWith({ [AT.version]: '0100' }), /version/],
    ['coding type 2', payloadWith({ 2: '2' }), /coding type/],
    ['a German IBAN', payloadWith({ [AT.iban]: 'DE89370400440532013000' }), /CH or LI IBAN/],
    ['an IBAN with a wrong check digit', payloadWith({ [AT.iban]: 'CH4531999123000889012' }), /check digit/],
    ['a combined creditor address (K)', payloadWith({ [AT.creditorType]: 'K' }), /Cdtr address type must be "S"/],
    ['a creditor without name', payloadWith({ [AT.creditorName]: '' }), /Cdtr name is required/],
    ['a creditor without postal code', payloadWith({ [AT.creditorPostalCode]: '' }), /Cdtr postal code/],
    ['a creditor name over 70 characters', payloadWith({ [AT.creditorName]: 'x'.repeat(71) }), /longer than 70/],
    ['a country that is not a code', payloadWith({ [AT.creditorCountry]: 'Schweiz' }), /country/],
    ['an ultimate creditor', payloadWith({ [AT.ultimateCreditorName]: 'Someone' }), /reserved/],
    ['an amount with a comma', payloadWith({ [AT.amount]: '85,40' }), /amount/],
    ['an amount with one decimal', payloadWith({ [AT.amount]: '85.4' }), /amount/],
    ['an amount over 999999999.99', payloadWith({ [AT.amount]: '1000000000.00' }), /amount/],
    ['a zero amount', payloadWith({ [AT.amount]: '0.00' }), /below 0.01/],
    ['currency USD', payloadWith({ [AT.currency]: 'USD' }), /currency/],
    ['a debtor of type K', payloadWith({ [AT.debtorType]: 'K' }), /UltmtDbtr address type/],
    ['a debtor without town', payloadWith({ [AT.debtorTown]: '' }), /UltmtDbtr town/],
    [
      'a QR reference with a wrong check digit',
      payloadWith({ [AT.reference]: '000000000000000002026000428' }),
      /check digit/,
    ],
    ['a QR reference of 26 digits', payloadWith({ [AT.reference]: '00000000000000002026000429' }), /27 digits/],
    [
      'a QR-IBAN with an RF reference',
      payloadWith({ [AT.referenceType]: 'SCOR', [AT.reference]: 'RF18539007547034' }),
      /QR-IBAN requires/,
    ],
    ['a QR-IBAN without reference', payloadWith({ [AT.referenceType]: 'NON', [AT.reference]: '' }), /QR-IBAN requires/],
    ['a plain IBAN with a QR reference', payloadWith({ [AT.iban]: 'CH9300762011623852957' }), /requires a QR-IBAN/],
    [
      'an RF reference with wrong check digits',
      payloadWith({
        [AT.iban]: 'CH9300762011623852957',
        [AT.referenceType]: 'SCOR',
        [AT.reference]: 'RF19539007547034',
      }),
      /check digits/,
    ],
    [
      'NON with a reference',
      payloadWith({ [AT.iban]: 'CH9300762011623852957', [AT.referenceType]: 'NON' }),
      /NON must carry no reference/,
    ],
    ['an unknown reference type', payloadWith({ [AT.referenceType]: 'ISR' }), /reference type/],
    ['a message over 140 characters', payloadWith({ [AT.message]: 'm'.repeat(141) }), /longer than 140/],
    ['a message with characters outside the set', payloadWith({ [AT.message]: 'Rechnung 😀' }), /characters outside/],
    ['another trailer', payloadWith({ [AT.trailer]: 'END' }), /trailer/],
    ['a missing line', VALID_LINES.slice(0, -1).join('\n'), /lines, at least 31/],
    ['too many lines', [...VALID_LINES, 'a', 'b', 'c', 'd'].join('\n'), /at most 34/],
    [
      'over 997 characters',
      [...VALID_LINES, 'x'.repeat(140), 'y'.repeat(100), 'z'.repeat(100)].join('\n').padEnd(998, 'z'),
      /997/,
    ],
  ];

  it.each(broken)('refuses %s', (_name, payload, message) => {
    expect(() => checkQrBillPayload(payload)).toThrow(QrBillPayloadError);
    expect(() => checkQrBillPayload(payload)).toThrow(message);
  });
});
