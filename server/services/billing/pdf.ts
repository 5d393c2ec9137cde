import PDFDocument from 'pdfkit';
import { SwissQRBill } from 'swissqrbill/pdf';
import { formatReference } from 'swissqrbill/utils';
import type { BillingAddress, Creditor, Invoice } from '../../../domain/billing';
import type { Language } from '../../../domain/languages';
import { formatCentimes, formatChf, formatInvoiceDate, formatRate } from './format';
import { QR_BILL_LANGUAGES, qrBillDataOf } from './qrBill';

/**
 * An invoice or credit note as an A4 PDF in the invoice's language: the operator (creditor) at the top, the
 * partner's address where a C5 window envelope shows it, the number, dates and period, the lines, subtotal, VAT
 * with its rate, the 5-centime rounding and the total; an invoice ends with a Swiss QR-bill payment part at the
 * bottom of its last page (on a page of its own when the lines leave no room), a credit note with none.
 *
 * Only PDFKit's built-in Helvetica is used (no font file to load, works offline); it writes WinAnsi, which covers
 * the four languages' letters. The document's creation date is the invoice's date, so the same invoice renders
 * to the same bytes.
 */

interface Labels {
  invoice: string;
  creditNote: string;
  number: string;
  issuedOn: string;
  dueOn: string;
  period: string;
  reference: string;
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  subtotal: string;
  vat: (rate: string) => string;
  rounding: string;
  total: string;
  payBy: (dueOn: string) => string;
  creditNoteOf: (number: string | null) => string;
  nothingToPay: string;
}

export const INVOICE_PDF_LABELS: Record<Language, Labels> = {
  en: {
    invoice: 'Invoice',
    creditNote: 'Credit note',
    number: 'Number',
    issuedOn: 'Date',
    dueOn: 'Due date',
    period: 'Period',
    reference: 'Reference',
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    vat: (rate) => `VAT ${rate} %`,
    rounding: 'Rounding',
    total: 'Total',
    payBy: (dueOn) => `Please pay the total by ${dueOn} with the payment part below.`,
    creditNoteOf: (number) =>
      number ? `This credit note cancels invoice ${number}.` : 'This credit note cancels an earlier invoice.',
    nothingToPay: 'Nothing is to be paid; an amount already paid is refunded.',
  },
  fr: {
    invoice: 'Facture',
    creditNote: 'Note de crédit',
    number: 'Numéro',
    issuedOn: 'Date',
    dueOn: 'Échéance',
    period: 'Période',
    reference: 'Référence',
    description: 'Désignation',
    quantity: 'Qté',
    unitPrice: 'Prix unitaire',
    amount: 'Montant',
    subtotal: 'Sous-total',
    vat: (rate) => `TVA ${rate} %`,
    rounding: 'Arrondi',
    total: 'Total',
    payBy: (dueOn) => `Merci de payer le total d’ici au ${dueOn} avec la section paiement ci-dessous.`,
    creditNoteOf: (number) =>
      number
        ? `Cette note de crédit annule la facture ${number}.`
        : 'Cette note de crédit annule une facture antérieure.',
    nothingToPay: 'Aucun montant n’est dû ; un montant déjà payé est remboursé.',
  },
  // Swiss Standard German: "ss", never "ß".
  de: {
    invoice: 'Rechnung',
    creditNote: 'Gutschrift',
    number: 'Nummer',
    issuedOn: 'Datum',
    dueOn: 'Zahlbar bis',
    period: 'Zeitraum',
    reference: 'Referenz',
    description: 'Beschreibung',
    quantity: 'Menge',
    unitPrice: 'Einzelpreis',
    amount: 'Betrag',
    subtotal: 'Zwischensumme',
    vat: (rate) => `MWST ${rate} %`,
    rounding: 'Rundung',
    total: 'Total',
    payBy: (dueOn) => `Bitte bezahlen Sie das Total bis ${dueOn} mit dem Zahlteil unten.`,
    creditNoteOf: (number) =>
      number
        ? `Diese Gutschrift storniert die Rechnung ${number}.`
        : 'Diese Gutschrift storniert eine frühere Rechnung.',
    nothingToPay: 'Es ist nichts zu bezahlen; ein bereits bezahlter Betrag wird zurückerstattet.',
  },
  it: {
    invoice: 'Fattura',
    creditNote: 'Nota di credito',
    number: 'Numero',
    issuedOn: 'Data',
    dueOn: 'Scadenza',
    period: 'Periodo',
    reference: 'Riferimento',
    description: 'Descrizione',
    quantity: 'Qtà',
    unitPrice: 'Prezzo unitario',
    amount: 'Importo',
    subtotal: 'Subtotale',
    vat: (rate) => `IVA ${rate} %`,
    rounding: 'Arrotondamento',
    total: 'Totale',
    payBy: (dueOn) => `Si prega di pagare il totale entro il ${dueOn} con la sezione pagamento qui sotto.`,
    creditNoteOf: (number) =>
      number
        ? `Questa nota di credito annulla la fattura ${number}.`
        : 'Questa nota di credito annulla una fattura precedente.',
    nothingToPay: 'Nulla è dovuto; un importo già pagato viene rimborsato.',
  },
};

/** The characters of WinAnsi (what PDFKit's built-in fonts write) beyond Latin-1. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const isWinAnsi = (character: string): boolean => {
  const code = character.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(character);
};

/**
 * Text as the built-in fonts can print it: a letter outside WinAnsi loses its accent or stroke ("Łódź" →
 * "Lódz", "Ș" → "S"), any other character becomes "?", instead of printing as a wrong glyph. The QR code is
 * UTF-8 and keeps the text as it is.
 */
export function printableText(text: string): string {
  return [...text]
    .map((character) => {
      if (isWinAnsi(character)) return character;
      const base = character.normalize('NFD').replace(/\p{M}/gu, '');
      if (base !== '' && [...base].every(isWinAnsi)) return base;
      return STROKED_LETTERS[character] ?? '?';
    })
    .join('');
}

/** Letters whose stroke is not a combining mark, so NFD leaves them whole. */
const STROKED_LETTERS: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŧ: 'T',
  ŧ: 't',
};

const addressLines = (address: BillingAddress): string[] => [
  address.name,
  [address.street, address.buildingNumber].filter(Boolean).join(' '),
  `${address.country === 'CH' ? '' : `${address.country}-`}${address.postalCode} ${address.town}`,
];

export interface InvoicePdfContext {
  /** A credit note: the number of the invoice it cancels, printed on it. */
  creditedInvoiceNumber?: string | null;
}

const MM = 72 / 25.4;
const PAGE = { width: 210 * MM, height: 297 * MM };
const MARGIN = 20 * MM;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
/** Columns of the lines table: description, quantity, unit price, amount (x and width, right-aligned figures). */
const COLUMNS = {
  description: { x: MARGIN, width: CONTENT_WIDTH - 80 * MM },
  quantity: { x: MARGIN + CONTENT_WIDTH - 80 * MM, width: 15 * MM },
  unitPrice: { x: MARGIN + CONTENT_WIDTH - 65 * MM, width: 30 * MM },
  amount: { x: MARGIN + CONTENT_WIDTH - 35 * MM, width: 35 * MM },
} as const;
const BODY_SIZE = 10;

export function renderInvoicePdf(
  invoice: Invoice,
  creditor: Creditor,
  context: InvoicePdfContext = {},
): Promise<Buffer> {
  const labels = INVOICE_PDF_LABELS[invoice.language];
  const language = invoice.language;
  const isCreditNote = invoice.kind === 'CREDIT_NOTE';
  const title = `${isCreditNote ? labels.creditNote : labels.invoice} ${invoice.number}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: language,
    info: {
      Title: title,
      Author: creditor.name,
      Subject: `${title}, ${invoice.partner.name}`,
      CreationDate: new Date(`${invoice.issuedOn}T00:00:00Z`),
      ModDate: new Date(`${invoice.issuedOn}T00:00:00Z`),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  try {
    const bottom = PAGE.height - MARGIN;
    let y = MARGIN;
    const ensureRoom = (height: number) => {
      if (y + height <= bottom) return;
      doc.addPage();
      y = MARGIN;
    };
    const write = (
      text: string,
      x: number,
      at: number,
      options: PDFKit.Mixins.TextOptions & { bold?: boolean; size?: number } = {},
    ) => {
      const { bold, size, ...textOptions } = options;
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(size ?? BODY_SIZE)
        .text(printableText(text), x, at, { lineBreak: false, ...textOptions });
    };

    // The creditor, top left.
    write(creditor.name, MARGIN, y, { bold: true, size: 12 });
    addressLines(creditor)
      .slice(1)
      .forEach((line, index) => write(line, MARGIN, y + 16 + index * 12, { size: 9 }));

    // The partner, in the window of a C5 envelope (window on the right, 45 mm from the top).
    y = 50 * MM;
    addressLines(invoice.partner.address).forEach((line, index) =>
      write(line, 118 * MM, y + index * 13, { width: PAGE.width - 118 * MM - MARGIN }),
    );

    // Title and facts.
    y = 90 * MM;
    write(title, MARGIN, y, { bold: true, size: 16 });
    y += 28;
    const facts: [string, string][] = [
      [labels.number, invoice.number],
      [labels.issuedOn, formatInvoiceDate(invoice.issuedOn, language)],
    ];
    if (!isCreditNote) facts.push([labels.dueOn, formatInvoiceDate(invoice.dueOn, language)]);
    if (invoice.periodStart && invoice.periodEnd) {
      facts.push([
        labels.period,
        `${formatInvoiceDate(invoice.periodStart, language)} – ${formatInvoiceDate(invoice.periodEnd, language)}`,
      ]);
    }
    if (!isCreditNote) facts.push([labels.reference, formatReference(invoice.reference)]);
    for (const [label, value] of facts) {
      write(label, MARGIN, y, { bold: true });
      write(value, MARGIN + 35 * MM, y);
      y += 14;
    }
    if (isCreditNote) {
      y += 6;
      write(labels.creditNoteOf(context.creditedInvoiceNumber ?? null), MARGIN, y, { width: CONTENT_WIDTH });
      y += 14;
    }

    // The lines.
    y += 14;
    const header = () => {
      write(labels.description, COLUMNS.description.x, y, { bold: true });
      write(labels.quantity, COLUMNS.quantity.x, y, { bold: true, width: COLUMNS.quantity.width, align: 'right' });
      write(labels.unitPrice, COLUMNS.unitPrice.x, y, { bold: true, width: COLUMNS.unitPrice.width, align: 'right' });
      write(labels.amount, COLUMNS.amount.x, y, { bold: true, width: COLUMNS.amount.width, align: 'right' });
      y += 14;
      doc
        .moveTo(MARGIN, y)
        .lineTo(PAGE.width - MARGIN, y)
        .lineWidth(0.5)
        .stroke();
      y += 6;
    };
    header();
    for (const line of invoice.lines) {
      doc.font('Helvetica').fontSize(BODY_SIZE);
      const height = doc.heightOfString(printableText(line.description), { width: COLUMNS.description.width - 4 });
      if (y + height > bottom) {
        doc.addPage();
        y = MARGIN;
        header();
      }
      write(line.description, COLUMNS.description.x, y, { width: COLUMNS.description.width - 4, lineBreak: true });
      write(String(line.quantity), COLUMNS.quantity.x, y, { width: COLUMNS.quantity.width, align: 'right' });
      write(formatCentimes(line.unitCentimes, language), COLUMNS.unitPrice.x, y, {
        width: COLUMNS.unitPrice.width,
        align: 'right',
      });
      write(formatCentimes(line.amountCentimes, language), COLUMNS.amount.x, y, {
        width: COLUMNS.amount.width,
        align: 'right',
      });
      y += Math.max(height, 12) + 4;
    }

    // The totals, right-aligned under the amounts.
    ensureRoom(5 * 16 + 10);
    doc
      .moveTo(MARGIN, y)
      .lineTo(PAGE.width - MARGIN, y)
      .lineWidth(0.5)
      .stroke();
    y += 6;
    const totalsLabelX = COLUMNS.quantity.x - 40 * MM;
    const totalsLabelWidth = COLUMNS.amount.x - totalsLabelX - 4;
    const totalRow = (label: string, centimes: number, bold = false) => {
      write(label, totalsLabelX, y, { bold, width: totalsLabelWidth, align: 'right' });
      write(formatChf(centimes, language), COLUMNS.amount.x, y, {
        bold,
        width: COLUMNS.amount.width,
        align: 'right',
      });
      y += 14;
    };
    totalRow(labels.subtotal, invoice.subtotalCentimes);
    totalRow(labels.vat(formatRate(invoice.vatRate, language)), invoice.vatCentimes);
    totalRow(labels.rounding, invoice.roundingCentimes);
    y += 2;
    doc
      .moveTo(COLUMNS.amount.x - 10 * MM, y)
      .lineTo(PAGE.width - MARGIN, y)
      .lineWidth(0.5)
      .stroke();
    y += 5;
    totalRow(labels.total, invoice.totalCentimes, true);

    // What to do with it.
    y += 12;
    ensureRoom(30);
    const note = isCreditNote ? labels.nothingToPay : labels.payBy(formatInvoiceDate(invoice.dueOn, language));
    write(note, MARGIN, y, { width: CONTENT_WIDTH, lineBreak: true });
    y = doc.y;

    if (!isCreditNote) {
      // SwissQRBill.attachTo puts the payment part at the page's bottom, or on a page of its own when the
      // content reaches into it.
      doc.x = MARGIN;
      doc.y = y;
      new SwissQRBill(qrBillDataOf(invoice, creditor), { language: QR_BILL_LANGUAGES[language] }).attachTo(doc);
    }
    doc.end();
  } catch (error) {
    doc.end();
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  return done;
}
