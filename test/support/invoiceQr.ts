import { createCanvas } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { isIBANValid, isQRIBAN, isQRReferenceValid, isSCORReferenceValid } from 'swissqrbill/utils';

/**
 * Reading a QR-bill back from a rendered PDF, and checking its payload against the Swiss Implementation Guidelines
 * QR-bill (version 2.3, structured addresses only): what a bank's scanner would see, independently of the library
 * that wrote it.
 */

const MM = 72 / 25.4;
/** Points to pixels: a QR-bill's code (46 mm, at most 75 modules + quiet zone) gets about 8 pixels a module. */
const SCALE = 4;

/**
 * The payload of the Swiss QR code in the payment part at the bottom of the PDF's last page: the page is drawn
 * with pdf.js on a @napi-rs/canvas canvas, the payment part (the bottom 105 mm) cut out and decoded with jsQR.
 */
export async function decodeQrBillOfPdf(pdf: Buffer): Promise<string> {
  const document = await getDocument({
    data: new Uint8Array(pdf),
    verbosity: 0,
    isEvalSupported: false,
    useSystemFonts: false,
  }).promise;
  try {
    const page = await document.getPage(document.numPages);
    const viewport = page.getViewport({ scale: SCALE });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({
      canvasContext: context as unknown as CanvasRenderingContext2D,
      viewport,
    }).promise;
    // The payment part: its lower 105 mm; the code sits 67–113 mm from the left, 17–63 mm below the part's top.
    const top = Math.max(0, Math.floor(canvas.height - 105 * MM * SCALE));
    const left = Math.floor(55 * MM * SCALE);
    const width = Math.min(canvas.width - left, Math.ceil(70 * MM * SCALE));
    const height = canvas.height - top;
    const image = context.getImageData(left, top, width, height);
    const code = jsQR(new Uint8ClampedArray(image.data.buffer), width, height, { inversionAttempts: 'dontInvert' });
    if (!code) throw new Error('No QR code found in the payment part of the last page');
    return code.data;
  } finally {
    await document.destroy();
  }
}

/** The text of each page of a PDF (pdf.js's text items joined by spaces), to check what a document says. */
export async function pdfPageTexts(pdf: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false }).promise;
  try {
    const texts: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const content = await (await document.getPage(number)).getTextContent();
      texts.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .join(' ')
          .replace(/\s+/g, ' '),
      );
    }
    return texts;
  } finally {
    await document.destroy();
  }
}

export interface QrBillAddress {
  name: string;
  street: string;
  buildingNumber: string;
  postalCode: string;
  town: string;
  country: string;
}

export interface QrBillPayload {
  iban: string;
  creditor: QrBillAddress;
  /** Two decimals as written ("79.00"), or null for an open amount. */
  amount: string | null;
  currency: 'CHF' | 'EUR';
  debtor: QrBillAddress | null;
  referenceType: 'QRR' | 'SCOR' | 'NON';
  reference: string | null;
  message: string | null;
  billInformation: string | null;
  alternativeSchemes: string[];
}

/** The payload's elements in order (IG QR-bill 2.3, §4.3.3); the ultimate creditor's seven are reserved. */
const FIELDS = [
  'QRType',
  'Version',
  'Coding',
  'IBAN',
  'Cdtr.AdrTp',
  'Cdtr.Name',
  'Cdtr.StrtNmOrAdrLine1',
  'Cdtr.BldgNbOrAdrLine2',
  'Cdtr.PstCd',
  'Cdtr.TwnNm',
  'Cdtr.Ctry',
  'UltmtCdtr.AdrTp',
  'UltmtCdtr.Name',
  'UltmtCdtr.StrtNmOrAdrLine1',
  'UltmtCdtr.BldgNbOrAdrLine2',
  'UltmtCdtr.PstCd',
  'UltmtCdtr.TwnNm',
  'UltmtCdtr.Ctry',
  'Amt',
  'Ccy',
  'UltmtDbtr.AdrTp',
  'UltmtDbtr.Name',
  'UltmtDbtr.StrtNmOrAdrLine1',
  'UltmtDbtr.BldgNbOrAdrLine2',
  'UltmtDbtr.PstCd',
  'UltmtDbtr.TwnNm',
  'UltmtDbtr.Ctry',
  'Tp',
  'Ref',
  'Ustrd',
  'Trailer',
] as const;
type Field = (typeof FIELDS)[number];

export class QrBillPayloadError extends Error {
  override name = 'QrBillPayloadError';
}

const fail = (message: string): never => {
  throw new QrBillPayloadError(`Invalid QR-bill payload: ${message}`);
};

/** Characters the Swiss payment standards allow (Latin, IG QR-bill 2.3 §4.1.1): printable ASCII and Latin-1 letters. */
const ALLOWED_TEXT = /^[\u0020-\u007e\u00a0-\u017f\u0218-\u021b\u20ac]*$/;

function checkText(field: string, value: string, max: number, required: boolean): void {
  if (required && value.trim() === '') fail(`${field} is required`);
  if (value.length > max) fail(`${field} is longer than ${max} characters (${value.length})`);
  if (!ALLOWED_TEXT.test(value)) fail(`${field} holds characters outside the allowed set`);
}

function checkAddress(
  values: Record<Field, string>,
  party: 'Cdtr' | 'UltmtDbtr',
  required: boolean,
): QrBillAddress | null {
  const get = (element: string) => values[`${party}.${element}` as Field];
  const parts = ['AdrTp', 'Name', 'StrtNmOrAdrLine1', 'BldgNbOrAdrLine2', 'PstCd', 'TwnNm', 'Ctry'].map(get);
  if (!required && parts.every((part) => part === '')) return null;
  // Combined addresses ("K") are no longer accepted since November 2025: structured ("S") only.
  if (get('AdrTp') !== 'S') fail(`${party} address type must be "S" (structured), not "${get('AdrTp')}"`);
  checkText(`${party} name`, get('Name'), 70, true);
  checkText(`${party} street`, get('StrtNmOrAdrLine1'), 70, false);
  checkText(`${party} building number`, get('BldgNbOrAdrLine2'), 16, false);
  checkText(`${party} postal code`, get('PstCd'), 16, true);
  checkText(`${party} town`, get('TwnNm'), 35, true);
  if (!/^[A-Z]{2}$/.test(get('Ctry'))) fail(`${party} country must be a two-letter ISO code, not "${get('Ctry')}"`);
  return {
    name: get('Name'),
    street: get('StrtNmOrAdrLine1'),
    buildingNumber: get('BldgNbOrAdrLine2'),
    postalCode: get('PstCd'),
    town: get('TwnNm'),
    country: get('Ctry'),
  };
}

/**
 * Parses a Swiss QR code payload and checks every rule of IG QR-bill 2.3 the product relies on; throws a
 * QrBillPayloadError naming the first violation.
 */
export function checkQrBillPayload(payload: string): QrBillPayload {
  if (payload.length > 997) fail(`longer than 997 characters (${payload.length})`);
  const lines = payload.split(/\r\n|\n/);
  // 31 elements up to the trailer, then optionally bill information and up to two alternative schemes; a final
  // line break after the last element is tolerated.
  if (lines.length > FIELDS.length && lines.at(-1) === '') lines.pop();
  if (lines.length < FIELDS.length) fail(`${lines.length} lines, at least ${FIELDS.length} expected`);
  if (lines.length > FIELDS.length + 3) fail(`${lines.length} lines, at most ${FIELDS.length + 3} expected`);
  const values = Object.fromEntries(FIELDS.map((field, index) => [field, lines[index]])) as Record<Field, string>;

  if (values.QRType !== 'SPC') fail(`QR type must be "SPC", not "${values.QRType}"`);
  if (values.Version !== '0200') fail(`version must be "0200", not "${values.Version}"`);
  if (values.Coding !== '1') fail(`coding type must be "1", not "${values.Coding}"`);

  const iban = values.IBAN;
  if (!/^(CH|LI)\d{2}[0-9A-Z]{17}$/.test(iban)) fail(`IBAN must be a 21-character CH or LI IBAN, not "${iban}"`);
  if (!isIBANValid(iban)) fail(`IBAN "${iban}" has a wrong check digit`);

  const creditor = checkAddress(values, 'Cdtr', true) as QrBillAddress;
  const ultimateCreditor = FIELDS.filter((field) => field.startsWith('UltmtCdtr.')).map((field) => values[field]);
  if (ultimateCreditor.some((value) => value !== ''))
    fail('the ultimate creditor fields are reserved and must be empty');

  const amount = values.Amt === '' ? null : values.Amt;
  if (amount !== null) {
    if (!/^\d{1,9}\.\d{2}$/.test(amount)) fail(`amount "${amount}" is not digits with two decimals (max 999999999.99)`);
    if (Number(amount) < 0.01) fail(`amount "${amount}" is below 0.01`);
  }
  if (values.Ccy !== 'CHF' && values.Ccy !== 'EUR') fail(`currency must be CHF or EUR, not "${values.Ccy}"`);
  const debtor = checkAddress(values, 'UltmtDbtr', false);

  const referenceType = values.Tp;
  const reference = values.Ref === '' ? null : values.Ref;
  const qrIban = isQRIBAN(iban);
  if (referenceType === 'QRR') {
    if (!qrIban) fail('a QR reference (QRR) requires a QR-IBAN');
    if (reference === null || !/^\d{27}$/.test(reference)) fail('a QR reference must be 27 digits');
    if (!isQRReferenceValid(reference as string)) fail(`QR reference "${reference}" has a wrong check digit`);
  } else if (referenceType === 'SCOR') {
    if (qrIban) fail('a QR-IBAN requires a QR reference (QRR), not SCOR');
    if (reference === null || !/^RF\d{2}[0-9A-Z]{1,21}$/.test(reference)) fail('a creditor reference must be RF…');
    if (!isSCORReferenceValid(reference as string)) fail(`creditor reference "${reference}" has wrong check digits`);
  } else if (referenceType === 'NON') {
    if (qrIban) fail('a QR-IBAN requires a QR reference (QRR), not NON');
    if (reference !== null) fail('reference type NON must carry no reference');
  } else {
    fail(`reference type must be QRR, SCOR or NON, not "${referenceType}"`);
  }

  checkText('unstructured message', values.Ustrd, 140, false);
  if (values.Trailer !== 'EPD') fail(`trailer must be "EPD", not "${values.Trailer}"`);
  const extra = lines.slice(FIELDS.length);
  const billInformation = extra[0] ? extra[0] : null;
  if (billInformation !== null) checkText('bill information', billInformation, 140, false);
  if (values.Ustrd.length + (billInformation?.length ?? 0) > 140) {
    fail('message and bill information together are longer than 140 characters');
  }
  const alternativeSchemes = extra.slice(1);
  alternativeSchemes.forEach((scheme, index) => checkText(`alternative scheme ${index + 1}`, scheme, 100, false));

  return {
    iban,
    creditor,
    amount,
    currency: values.Ccy as 'CHF' | 'EUR',
    debtor,
    referenceType: referenceType as QrBillPayload['referenceType'],
    reference,
    message: values.Ustrd === '' ? null : values.Ustrd,
    billInformation,
    alternativeSchemes,
  };
}
