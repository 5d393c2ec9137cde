import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Camt054FormatError, centimesOfAmount, parseCamt054 } from '../../server/services/billing/camt054';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');

/** A minimal camt.054 of one version around some entries. */
const camt = (entries: string, version = '08') =>
  `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.${version}">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-11-27T06:00:00</CreDtTm></GrpHdr>
    <Ntfctn><Id>N1</Id><Acct><Id><IBAN>CH4431999123000889012</IBAN></Id></Acct>${entries}</Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>`;

const creditEntry = (amount: string, reference = '000000000000000002026000014') => `
  <Ntry><Amt Ccy="CHF">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
    <BookgDt><Dt>2026-11-26</Dt></BookgDt><AcctSvcrRef>R-${amount}</AcctSvcrRef>
    <NtryDtls><TxDtls><Amt Ccy="CHF">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd>
      <RmtInf><Strd><CdtrRefInf><Ref>${reference}</Ref></CdtrRefInf></Strd></RmtInf></TxDtls></NtryDtls></Ntry>`;

describe('camt.054 credits', () => {
  it('reads every booked credit of a bank file, one per transaction of a batch, and leaves debits out', () => {
    expect(parseCamt054(fixture('camt054-v08-batch.xml'))).toEqual([
      {
        reference: '000000000000000002026000014',
        amountCentimes: 8540,
        currency: 'CHF',
        bookedOn: '2026-11-26',
        bankEntryReference: 'ZV20261126/000001',
      },
      // The batch of three: each transaction with its own amount and its own bank reference; spaces in a
      // reference as the payer typed it are gone.
      {
        reference: '000000000000000002026000022',
        amountCentimes: 85400,
        currency: 'CHF',
        bookedOn: '2026-11-26',
        bankEntryReference: 'ZV20261126/000002/1',
      },
      {
        reference: '000000000000000002026000038',
        amountCentimes: 8540,
        currency: 'CHF',
        bookedOn: '2026-11-26',
        bankEntryReference: 'ZV20261126/000002/2',
      },
      // Paid without a structured reference (an unstructured message only).
      {
        reference: null,
        amountCentimes: 9570,
        currency: 'CHF',
        bookedOn: '2026-11-26',
        bankEntryReference: 'ZV20261126/000002/3',
      },
      // The DBIT fee entry and the PDNG (not yet booked) credit are not there.
    ]);
  });

  it('reads an older version with namespace prefixes, several notifications and amounts under AmtDtls', () => {
    expect(parseCamt054(fixture('camt054-v04-two-notifications.xml'))).toEqual([
      // A creditor reference written in groups and lower case, normalised.
      {
        reference: 'RF37202600008',
        amountCentimes: 85400,
        currency: 'CHF',
        bookedOn: '2026-11-25',
        bankEntryReference: 'BATCH-20261125-17#1',
      },
      {
        reference: '000000000000000002026000059',
        amountCentimes: 8670,
        currency: 'CHF',
        bookedOn: '2026-11-25',
        bankEntryReference: 'BATCH-20261125-17#2',
      },
      // No transaction details: the entry itself, booked at a date and time.
      {
        reference: null,
        amountCentimes: 2000,
        currency: 'CHF',
        bookedOn: '2026-11-25',
        bankEntryReference: 'SINGLE-20261125-18',
      },
      // The second notification: a single transaction without amount of its own takes the entry's.
      {
        reference: '000000000000000002026000075',
        amountCentimes: 10000,
        currency: 'EUR',
        bookedOn: '2026-11-26',
        bankEntryReference: 'EUR-20261126-1',
      },
    ]);
  });

  it('gives every credit of a batch a different bank reference, so that none is taken for another', () => {
    for (const name of ['camt054-v08-batch.xml', 'camt054-v04-two-notifications.xml']) {
      const references = parseCamt054(fixture(name)).map((credit) => credit.bankEntryReference);
      expect(new Set(references).size).toBe(references.length);
    }
  });

  it('accepts every camt.054 version', () => {
    for (const version of ['02', '04', '06', '08', '10', '11']) {
      expect(parseCamt054(camt(creditEntry('79.00'), version))).toHaveLength(1);
    }
  });

  it('reads amounts exactly, without floating point', () => {
    expect(centimesOfAmount('0.1')).toBe(10);
    expect(centimesOfAmount('0.29')).toBe(29);
    expect(centimesOfAmount('1.000')).toBe(100);
    expect(centimesOfAmount('4503599627370.49')).toBe(450_359_962_737_049);
    expect(centimesOfAmount('85.40000')).toBe(8540);
    // 1.15 * 100 is 114.99999999999999 in floating point.
    expect(centimesOfAmount('1.15')).toBe(115);
    const amounts = parseCamt054(camt(['0.10', '0.20', '1.15', '1000000.01'].map((a) => creditEntry(a)).join('')));
    expect(amounts.map((credit) => credit.amountCentimes)).toEqual([10, 20, 115, 100_000_001]);
  });

  it('refuses amounts that are not whole centimes or not plain decimals', () => {
    for (const amount of ['1.005', '-5.00', '1e3', '12,50', '', ' ', 'abc', '1.2.3']) {
      expect(() => centimesOfAmount(amount), amount).toThrow(Camt054FormatError);
    }
    expect(() => parseCamt054(camt(creditEntry('12.345')))).toThrow(Camt054FormatError);
  });

  it('has no credit in a file without entries', () => {
    expect(parseCamt054(camt(''))).toEqual([]);
  });

  it('refuses what is not a camt.054 document', () => {
    const refused = [
      '',
      'not xml at all',
      '<Document><unclosed></Document>',
      '{"entries": []}',
      // Another ISO 20022 message: an account statement.
      camt(creditEntry('79.00')).replaceAll('camt.054.001.08', 'camt.053.001.08'),
      // The right elements without the namespace.
      camt(creditEntry('79.00')).replace(/ xmlns="[^"]*"/, ''),
      // The right namespace on another root.
      '<Other xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"/>',
      // The right root and namespace, but not a notification inside.
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><Other/></Document>',
      // A DTD (entity expansion) is never accepted.
      `<?xml version="1.0"?><!DOCTYPE Document [<!ENTITY a "aaaaaaaaaa">]>${camt(creditEntry('79.00')).replace(/^<\?xml[^>]*>/, '')}`,
    ];
    for (const xml of refused) expect(() => parseCamt054(xml), xml.slice(0, 80)).toThrow(Camt054FormatError);
  });

  it('says why a document is refused', () => {
    expect(() => parseCamt054('<a><b></a>')).toThrow(/Not well-formed XML/);
    expect(() => parseCamt054(camt('').replaceAll('camt.054', 'camt.053'))).toThrow(/Not a camt\.054 document/);
  });
});
