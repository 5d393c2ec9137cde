import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { normalizedReference } from './references';

/**
 * Reading a bank's camt.054 "Bank to Customer Debit Credit Notification" (ISO 20022, any version
 * `camt.054.001.xx`, as Swiss banks send them for QR-bill payments): the credits it books, each with the
 * structured reference its payer gave (`RmtInf/Strd/CdtrRefInf/Ref`), so that they can be matched to invoices.
 *
 * - Every notification (`Ntfctn`) and every entry (`Ntry`) is read; debits (`CdtDbtInd` DBIT) are left out, and so
 *   are entries whose status says they are not booked yet (`Sts` other than BOOK, e.g. PDNG).
 * - A batch booking (one entry, several `NtryDtls/TxDtls`) gives one credit per transaction, with the
 *   transaction's own amount; an entry without transaction details gives one credit without reference.
 * - Amounts are read exactly from their decimal text into integer centimes (never through a float).
 * - `bankEntryReference` identifies the credit for the bank: the transaction's `Refs/AcctSvcrRef`, else the
 *   entry's `AcctSvcrRef` (with `#n`, the transaction's place, when the entry holds several), else null.
 */

export interface Camt054Credit {
  /** The structured reference, normalised (no spaces, upper case); null when the payer gave none. */
  reference: string | null;
  amountCentimes: number;
  currency: string;
  /** The booking date (`YYYY-MM-DD`). */
  bookedOn: string | null;
  bankEntryReference: string | null;
}

export class Camt054FormatError extends Error {
  override name = 'Camt054FormatError';
}

const CAMT054_NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:camt\.054\.001\.\d{2}$/;

/** Elements that may repeat: always read as arrays, so one and many are handled alike. */
const REPEATED = new Set(['Ntfctn', 'Ntry', 'NtryDtls', 'TxDtls', 'Strd', 'Ustrd']);

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  // Text stays text: amounts and references are never turned into numbers (leading zeros, decimals).
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
});

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const child = (node: unknown, name: string): unknown => (isNode(node) ? node[name] : undefined);
const path = (node: unknown, ...names: string[]): unknown => names.reduce(child, node);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

/** The text of an element, whether or not it has attributes. */
function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (isNode(value)) return textOf(value['#text']);
  return null;
}

/** The root element's namespace, read from its start tag (the parser drops namespace declarations). */
function rootNamespaceOf(xml: string): string | null {
  const body = xml
    .replace(/^\uFEFF/, '')
    .replace(/<\?[\s\S]*?\?>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '');
  const start = /<(?:([A-Za-z_][\w.-]*):)?Document\b([^>]*)>/.exec(body);
  if (!start || body.slice(0, start.index).trim() !== '') return null;
  const prefix = start[1];
  const attribute = prefix ? `xmlns:${prefix}` : 'xmlns';
  const declaration = new RegExp(`\\s${attribute.replace('.', '\\.')}\\s*=\\s*(["'])(.*?)\\1`).exec(start[2]);
  return declaration ? declaration[2].trim() : null;
}

/** "1234.5" → 123450, exactly. Refuses a sign, an exponent or a fraction of a centime. */
export function centimesOfAmount(text: string): number {
  const match = /^(\d{1,13})(?:\.(\d{1,5}))?$/.exec(text.trim());
  if (!match) throw new Camt054FormatError(`Invalid amount "${text}"`);
  const fraction = (match[2] ?? '').padEnd(5, '0');
  if (fraction.slice(2) !== '000') throw new Camt054FormatError(`Amount "${text}" is not in whole centimes`);
  return Number(match[1]) * 100 + Number(fraction.slice(0, 2));
}

function amountOf(node: unknown): { amountCentimes: number; currency: string } | null {
  const text = textOf(node);
  if (text === null) return null;
  const currency = isNode(node) && typeof node['@_Ccy'] === 'string' ? node['@_Ccy'].trim().toUpperCase() : '';
  if (!/^[A-Z]{3}$/.test(currency)) throw new Camt054FormatError(`Amount "${text}" without a currency`);
  return { amountCentimes: centimesOfAmount(text), currency };
}

/** `BookgDt/Dt`, or the day of `BookgDt/DtTm`. */
function bookedOnOf(entry: unknown): string | null {
  const date = textOf(path(entry, 'BookgDt', 'Dt')) ?? textOf(path(entry, 'BookgDt', 'DtTm'));
  const day = date?.slice(0, 10) ?? null;
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
}

/** The entry's status: `Sts` (camt.054.001.04) or `Sts/Cd` (.08 and later). */
const statusOf = (entry: unknown): string | null => textOf(child(entry, 'Sts')) ?? textOf(path(entry, 'Sts', 'Cd'));

function referenceOf(transaction: unknown): string | null {
  for (const structured of list(path(transaction, 'RmtInf', 'Strd'))) {
    const reference = textOf(path(structured, 'CdtrRefInf', 'Ref'));
    if (reference !== null) {
      const normalized = normalizedReference(reference);
      if (normalized !== '') return normalized;
    }
  }
  return null;
}

/** A transaction's amount: `Amt` (.08 and later), else `AmtDtls/TxAmt/Amt` (.04), else `AmtDtls/InstdAmt/Amt`. */
const transactionAmountOf = (transaction: unknown) =>
  amountOf(child(transaction, 'Amt')) ??
  amountOf(path(transaction, 'AmtDtls', 'TxAmt', 'Amt')) ??
  amountOf(path(transaction, 'AmtDtls', 'InstdAmt', 'Amt'));

/** The credits booked in a camt.054 file, in the file's order. */
export function parseCamt054(xml: string): Camt054Credit[] {
  // A bank's notification never declares a DTD; refusing one rules out entity expansion of any kind.
  if (/<!DOCTYPE/i.test(xml)) throw new Camt054FormatError('A camt.054 document has no DOCTYPE');
  const validation = XMLValidator.validate(xml);
  if (validation !== true) {
    throw new Camt054FormatError(`Not well-formed XML (line ${validation.err.line}): ${validation.err.msg}`);
  }
  const namespace = rootNamespaceOf(xml);
  if (namespace === null || !CAMT054_NAMESPACE.test(namespace)) {
    throw new Camt054FormatError(
      `Not a camt.054 document (root namespace ${namespace ?? 'missing'}; expected urn:iso:std:iso:20022:tech:xsd:camt.054.001.xx)`,
    );
  }
  const document: unknown = parser.parse(xml);
  const notification = path(document, 'Document', 'BkToCstmrDbtCdtNtfctn');
  if (!isNode(notification)) {
    throw new Camt054FormatError('Not a camt.054 document (no BkToCstmrDbtCdtNtfctn)');
  }

  const credits: Camt054Credit[] = [];
  for (const report of list(notification.Ntfctn)) {
    for (const entry of list(child(report, 'Ntry'))) {
      const status = statusOf(entry);
      if (status !== null && status !== 'BOOK') continue;
      const entryDirection = textOf(child(entry, 'CdtDbtInd'));
      const entryAmount = amountOf(child(entry, 'Amt'));
      if (entryAmount === null) throw new Camt054FormatError('An entry without an amount');
      const bookedOn = bookedOnOf(entry);
      const entryReference = textOf(child(entry, 'AcctSvcrRef'));
      const transactions = list(child(entry, 'NtryDtls')).flatMap((details) => list(child(details, 'TxDtls')));

      if (transactions.length === 0) {
        if (entryDirection !== 'CRDT') continue;
        credits.push({ reference: null, ...entryAmount, bookedOn, bankEntryReference: entryReference });
        continue;
      }
      transactions.forEach((transaction, index) => {
        const direction = textOf(child(transaction, 'CdtDbtInd')) ?? entryDirection;
        if (direction !== 'CRDT') return;
        const amount = transactionAmountOf(transaction) ?? (transactions.length === 1 ? entryAmount : null);
        if (amount === null) throw new Camt054FormatError('A transaction of a batch entry without an amount');
        const ownReference = textOf(path(transaction, 'Refs', 'AcctSvcrRef'));
        const bankEntryReference =
          ownReference ??
          (entryReference === null
            ? null
            : transactions.length === 1
              ? entryReference
              : `${entryReference}#${index + 1}`);
        credits.push({ reference: referenceOf(transaction), ...amount, bookedOn, bankEntryReference });
      });
    }
  }
  return credits;
}
